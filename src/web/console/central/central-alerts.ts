/**
 * How the central calls an operator's attention (docs/decisions/042-operators-central.md): a short beep
 * (Web Audio, no sound file to download) on a new item or an escalation, and a desktop notification when
 * the operator turned them on. Permission is asked only from the "Ativar notificações" button: a prompt
 * on load would be refused out of reflex, and browsers ignore prompts without a user gesture. The sound
 * can be muted; the choice stays on this device.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { readDeviceValue, storeDeviceValue } from "@/web/lib/device-storage";

const MUTED_KEY = "guarita.central.mudo";

let audio: AudioContext | null = null;

/**
 * A short tone; `urgente` is two higher ones (an escalation). Browsers start the audio context only after
 * a gesture on the page: until the operator has clicked or pressed a key, the beep stays silent.
 */
export function beep(urgente = false) {
  try {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === "suspended") void audio.resume().catch(() => undefined);
    const tones = urgente ? [988, 1319] : [880];
    tones.forEach((frequency, i) => {
      const ctx = audio as AudioContext;
      const start = ctx.currentTime + i * 0.18;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.16);
    });
  } catch {
    // No audio on this device: the screen still shows everything.
  }
}

export type NotificationState = NotificationPermission | "indisponivel";

function currentPermission(): NotificationState {
  return typeof Notification === "undefined" ? "indisponivel" : Notification.permission;
}

/** The sound toggle and the desktop notifications' permission. */
export function useCentralAlerts() {
  const [mudo, setMudo] = useState(false);
  const [permissao, setPermissao] = useState<NotificationState>("indisponivel");
  const mudoRef = useRef(mudo);
  mudoRef.current = mudo;

  // Read after mount: localStorage and Notification exist only in the browser.
  useEffect(() => {
    setMudo(readDeviceValue(MUTED_KEY) === "1");
    setPermissao(currentPermission());
  }, []);

  const alternarSom = useCallback(() => {
    setMudo((was) => {
      storeDeviceValue(MUTED_KEY, was ? null : "1");
      return !was;
    });
  }, []);

  const ativarNotificacoes = useCallback(async () => {
    if (typeof Notification === "undefined") return;
    try {
      setPermissao(await Notification.requestPermission());
    } catch {
      setPermissao(currentPermission());
    }
  }, []);

  /** A new item or an escalation: the beep unless muted, the notification when allowed. */
  const avisar = useCallback(
    (titulo: string, corpo: string, { urgente = false, tag }: { urgente?: boolean; tag?: string } = {}) => {
      if (!mudoRef.current) beep(urgente);
      if (currentPermission() !== "granted") return;
      try {
        const notification = new Notification(titulo, { body: corpo, tag, lang: "pt-BR" });
        notification.onclick = () => {
          window.focus();
          notification.close();
        };
      } catch {
        // Some browsers allow notifications only from a service worker: the beep and the screen remain.
      }
    },
    [],
  );

  return { mudo, alternarSom, permissao, ativarNotificacoes, avisar };
}
