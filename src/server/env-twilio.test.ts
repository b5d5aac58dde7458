import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const TOKEN = "twilio-token-1234567890";
const SID = "AC0123456789abcdef0123456789abcdef";

describe("env: Twilio (docs/decisions/037-phone-line-and-whatsapp.md)", () => {
  it("takes the auth token alone: the phone line is verified, nothing is sent", () => {
    const env = loadEnv({ TWILIO_AUTH_TOKEN: TOKEN });
    expect(env.TWILIO_AUTH_TOKEN).toBe(TOKEN);
    expect(env.TWILIO_ACCOUNT_SID).toBeUndefined();
  });

  it("takes the account, the SMS sender and the calling number together", () => {
    const env = loadEnv({
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_FROM: "+5511900001111",
      TWILIO_VOICE_FROM: "+5511900002222",
    });
    expect(env.TWILIO_VOICE_FROM).toBe("+5511900002222");
  });

  it("refuses a sender without the account, and an account without the token, in pt-BR", () => {
    expect(() => loadEnv({ TWILIO_AUTH_TOKEN: TOKEN, TWILIO_VOICE_FROM: "+5511900002222" })).toThrow(
      "TWILIO_VOICE_FROM precisa de TWILIO_ACCOUNT_SID e TWILIO_AUTH_TOKEN",
    );
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: "+5511900001111" })).toThrow(
      "TWILIO_FROM precisa de TWILIO_ACCOUNT_SID e TWILIO_AUTH_TOKEN",
    );
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: SID })).toThrow("TWILIO_ACCOUNT_SID precisa de TWILIO_AUTH_TOKEN");
  });

  it("refuses a calling number that is not E.164", () => {
    expect(() =>
      loadEnv({ TWILIO_AUTH_TOKEN: TOKEN, TWILIO_ACCOUNT_SID: SID, TWILIO_VOICE_FROM: "(11) 90000-2222" }),
    ).toThrow("TWILIO_VOICE_FROM: um número em E.164, como +5511912345678");
  });
});
