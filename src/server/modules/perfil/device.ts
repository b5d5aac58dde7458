/**
 * A session's device in words a user recognises ("Chrome no Windows", "Safari no iPhone"), from the
 * User-Agent better-auth stored when the session started. bowser (MIT) does the parsing; this only
 * picks what to say and says it in pt-BR.
 */
import Bowser from "bowser";
import type { DeviceKind } from "../../../shared/schemas/perfil";

export interface Device {
  dispositivo: string;
  tipo: DeviceKind;
}

const UNKNOWN: Device = { dispositivo: "Dispositivo desconhecido", tipo: "desconhecido" };

/** A real User-Agent is a few hundred characters; a longer one is cut before any regex reads it. */
const MAX_UA_LENGTH = 512;

const OS_NAMES: Record<string, string> = { "Chrome OS": "ChromeOS", "Windows Phone": "Windows Phone" };

const KINDS: Record<string, DeviceKind> = { desktop: "computador", mobile: "celular", tablet: "tablet" };

export function describeDevice(userAgent: string | null | undefined): Device {
  const ua = userAgent?.trim().slice(0, MAX_UA_LENGTH);
  if (!ua) return UNKNOWN;
  const { browser, os, platform } = Bowser.parse(ua);
  // The model names the device better than its system where bowser knows it (iPhone, iPad).
  const place =
    platform.model === "iPhone" || platform.model === "iPad"
      ? platform.model
      : os.name && (OS_NAMES[os.name] ?? os.name);
  const tipo = (platform.type && KINDS[platform.type]) || (place ? "computador" : "desconhecido");
  if (browser.name && place) return { dispositivo: `${browser.name} no ${place}`, tipo };
  if (browser.name) return { dispositivo: browser.name, tipo };
  if (place) return { dispositivo: place, tipo };
  return UNKNOWN;
}
