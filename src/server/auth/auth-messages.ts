import { INVALID_LINK_MESSAGE } from "../../shared/schemas/auth";

/** better-auth answers in English; the console shows its message verbatim, so we translate it. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "E-mail ou senha incorretos.",
  INVALID_PASSWORD: "E-mail ou senha incorretos.",
  INVALID_EMAIL: "E-mail inválido",
  USER_NOT_FOUND: "Usuário não encontrado.",
  USER_ALREADY_EXISTS: "Este e-mail já está cadastrado. Entre com sua senha ou use outro e-mail.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Este e-mail já está cadastrado. Entre com sua senha ou use outro e-mail.",
  PASSWORD_TOO_SHORT: "A senha deve ter pelo menos 6 caracteres",
  PASSWORD_TOO_LONG: "A senha deve ter no máximo 128 caracteres.",
  FAILED_TO_CREATE_USER: "Não foi possível criar a conta. Tente novamente.",
  FAILED_TO_CREATE_SESSION: "Não foi possível iniciar a sessão. Tente novamente.",
  FAILED_TO_GET_SESSION: "Não foi possível carregar a sessão. Entre novamente.",
  SESSION_EXPIRED: "Sua sessão expirou. Entre novamente.",
  INVALID_ORIGIN: "Origem da requisição não permitida.",
  MISSING_OR_NULL_ORIGIN: "Origem da requisição ausente.",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "Origem da requisição não permitida.",
  VALIDATION_ERROR: "Dados inválidos. Verifique os campos informados.",
  MISSING_FIELD: "Campo obrigatório",
  BODY_MUST_BE_AN_OBJECT: "O corpo da requisição deve ser um objeto JSON.",
  FIELD_NOT_ALLOWED: "Campo não permitido.",
  FAILED_TO_UPDATE_USER: "Não foi possível atualizar a conta. Tente novamente.",
  SESSION_NOT_FRESH: "Por segurança, entre novamente para fazer esta alteração.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Esta conta não tem senha cadastrada.",
  EMAIL_NOT_VERIFIED: "Confirme seu e-mail para continuar.",
  // Password reset (request-password-reset, reset-password/:token, reset-password).
  INVALID_TOKEN: INVALID_LINK_MESSAGE,
  TOKEN_EXPIRED: "Este link expirou. Peça um novo link.",
  RESET_PASSWORD_DISABLED: "A redefinição de senha não está disponível no momento.",
  FAILED_TO_CREATE_VERIFICATION: "Não foi possível gerar o link. Tente novamente.",
  // E-mail confirmation (send-verification-email, verify-email).
  INVALID_USER: "Este link é de outra conta. Saia da conta atual e abra o link novamente.",
  EMAIL_ALREADY_VERIFIED: "Seu e-mail já está confirmado.",
  EMAIL_MISMATCH: "O e-mail informado não é o da sua conta.",
  VERIFICATION_EMAIL_NOT_ENABLED: "O envio do e-mail de confirmação não está disponível no momento.",
  // Redirect targets a caller may pass (callbackURL, redirectTo...), checked against the allowed origins.
  INVALID_CALLBACK_URL: "Endereço de retorno não permitido.",
  INVALID_REDIRECT_URL: "Endereço de retorno não permitido.",
  INVALID_ERROR_CALLBACK_URL: "Endereço de retorno não permitido.",
  INVALID_NEW_USER_CALLBACK_URL: "Endereço de retorno não permitido.",
  CALLBACK_URL_REQUIRED: "Informe o endereço de retorno.",
};

const BY_STATUS: Record<number, string> = {
  400: "Dados inválidos. Verifique os campos informados.",
  401: "Sessão expirada ou inexistente. Entre novamente.",
  403: "Você não tem permissão para esta ação.",
  404: "Recurso não encontrado.",
  429: "Muitas tentativas. Aguarde um minuto e tente novamente.",
};

export function translateAuthError(status: number, code: string | undefined): string {
  return (code && MESSAGES[code]) || BY_STATUS[status] || "Não foi possível concluir a autenticação. Tente novamente.";
}

/** The sign-in throttle's 429 (login-throttle.ts), with the wait it announces in Retry-After. */
export function tooManyLoginFailures(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} ${retryAfterSeconds === 1 ? "segundo" : "segundos"}`
      : `${Math.ceil(retryAfterSeconds / 60)} ${Math.ceil(retryAfterSeconds / 60) === 1 ? "minuto" : "minutos"}`;
  return `Muitas tentativas de login sem sucesso. Aguarde ${wait} e tente novamente.`;
}

/** Our own answers around the e-mail flows (auth.routes.ts, auth-limits.ts). */
export const SIGN_IN_TO_RESEND_VERIFICATION = "Entre na sua conta para reenviar o e-mail de confirmação.";

function minutes(retryAfterSeconds: number): string {
  const n = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${n} ${n === 1 ? "minuto" : "minutos"}`;
}

export function tooManyResetRequests(retryAfterSeconds: number): string {
  return `Muitos pedidos de redefinição de senha a partir desta rede. Aguarde ${minutes(retryAfterSeconds)} e tente novamente.`;
}

export function tooManyVerificationMails(retryAfterSeconds: number): string {
  return `Já enviamos vários e-mails de confirmação na última hora. Verifique sua caixa de entrada e o spam, ou aguarde ${minutes(retryAfterSeconds)} para pedir outro.`;
}
