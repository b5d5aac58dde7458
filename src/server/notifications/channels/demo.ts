/**
 * The labelled demo channel, used when a channel's provider keys are not configured: nothing
 * leaves the machine. The caller keeps the message's text (smsText / demoWhatsAppText, or the
 * .eml mail folder for e-mail) for the "Mensagens enviadas (demonstração)" panel; the same for the
 * package and booking notices (docs/decisions/043-deliveries.md, 044-common-area-bookings.md), which
 * a call never carries.
 */
import type { CanalNotificacao, NotificationChannel, SendResult } from "./channel";

export function createDemoChannel(canal: CanalNotificacao): NotificationChannel {
  const sent = async (): Promise<SendResult> => ({ providerMessageId: null });
  return {
    canal,
    demo: true,
    send: sent,
    ...(canal === "ligacao" ? {} : { sendNotice: sent }),
  };
}
