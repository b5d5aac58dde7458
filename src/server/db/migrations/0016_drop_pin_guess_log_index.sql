-- The PIN-guess limit counts attempts in rate_limit (docs/decisions/023-passes-and-access-log.md): nothing reads this index.
DROP INDEX "passe_validacoes_pin_invalido_idx";
