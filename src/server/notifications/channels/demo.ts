/**
 * The labelled demo channel, used when a channel's provider keys are not configured: nothing
 * leaves the machine. The caller keeps the message's text (smsText / demoWhatsAppText, or the
 * .eml mail folder for e-mail) for the "Mensagens enviadas (demonstração)" panel.
 */
import type { CanalNotificacao, NotificationChannel, SendResult } from "./channel";

export function createDemoChannel(canal: CanalNotificacao): NotificationChannel {
  return {
    canal,
    demo: true,
    async send(): Promise<SendResult> {
      return { providerMessageId: null };
    },
  };
}
