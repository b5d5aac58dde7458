/**
 * The kiosk's live feed (docs/product.md, "Totem"): one EventSource on /api/totem/eventos (the
 * device cookie authenticates it). Events carry no text: `atendimento.atualizado` names a
 * conversation to read again, `totem.atualizado` with `revogado` ends the kiosk. The browser
 * reconnects a dropped stream by itself; when it gives up (an HTTP error) the kiosk asks whether it
 * is still paired and, if so, opens a new stream after a back-off. Every reconnection is reported,
 * so the screen reads again what it may have missed.
 */
import { useEffect, useRef, useState } from "react";
import { isUnpaired, KIOSK_EVENTS_URL, kioskApi } from "./kiosk-api";

export interface KioskEventHandlers {
  /** A conversation of this kiosk changed: read it again. */
  onAtendimento: (id: string) => void;
  /** The kiosk was revoked or lost its credential. */
  onUnpaired: () => void;
  /** The stream is back after a drop: events may have been missed. */
  onReconnected: () => void;
}

/** A drop shorter than this (the browser's own quick reconnect) does not flash the offline status. */
const OFFLINE_GRACE_MS = 1_500;
const MIN_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data !== "string") return null;
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Returns whether the stream is down (after a short grace). */
export function useKioskEvents(enabled: boolean, handlers: KioskEventHandlers): { offline: boolean } {
  const [offline, setOffline] = useState(false);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let stopped = false;
    let dropped = false;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;

    const markDropped = () => {
      dropped = true;
      if (graceTimer === undefined) graceTimer = setTimeout(() => !stopped && setOffline(true), OFFLINE_GRACE_MS);
    };
    const markUp = () => {
      clearTimeout(graceTimer);
      graceTimer = undefined;
      setOffline(false);
      attempt = 0;
      if (dropped) {
        dropped = false;
        handlersRef.current.onReconnected();
      }
    };

    const close = () => {
      source?.close();
      source = null;
    };

    const scheduleReconnect = () => {
      clearTimeout(retryTimer);
      const delay = Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** attempt);
      attempt++;
      retryTimer = setTimeout(() => {
        if (stopped) return;
        // A stream refused with an HTTP error is often a revoked kiosk (401): ask before opening another.
        kioskApi.dispositivo().then(
          () => !stopped && connect(),
          (error: unknown) => {
            if (stopped) return;
            if (isUnpaired(error)) handlersRef.current.onUnpaired();
            else scheduleReconnect();
          },
        );
      }, delay);
    };

    const connect = () => {
      close();
      const es = new EventSource(KIOSK_EVENTS_URL);
      source = es;
      es.onopen = () => {
        if (source === es) markUp();
      };
      es.addEventListener("atendimento.atualizado", (message) => {
        const atendimento = parse((message as MessageEvent).data)?.atendimento as { id?: unknown } | undefined;
        if (typeof atendimento?.id === "string") handlersRef.current.onAtendimento(atendimento.id);
      });
      es.addEventListener("totem.atualizado", (message) => {
        const totem = parse((message as MessageEvent).data)?.totem as { revogado?: unknown } | undefined;
        if (totem?.revogado === true) {
          stopped = true;
          close();
          handlersRef.current.onUnpaired();
        }
      });
      es.onerror = () => {
        if (source !== es || stopped) return;
        markDropped();
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; we take over.
        if (es.readyState === EventSource.CLOSED) {
          close();
          scheduleReconnect();
        }
      };
    };

    // The network came back: do not wait for the back-off.
    const onOnline = () => {
      if (stopped || source) return;
      clearTimeout(retryTimer);
      attempt = 0;
      scheduleReconnect();
    };
    window.addEventListener("online", onOnline);
    connect();
    return () => {
      stopped = true;
      window.removeEventListener("online", onOnline);
      clearTimeout(retryTimer);
      clearTimeout(graceTimer);
      close();
      setOffline(false);
    };
  }, [enabled]);

  return { offline };
}
