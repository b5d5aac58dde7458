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
