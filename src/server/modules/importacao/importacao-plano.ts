/**
 * What an import would do, row by row (docs/product.md, "Importar planilha"): checks each valid row
 * against the file's earlier rows and the condominium's records, and says which units, people and
 * links it creates or finds. Pure (the records come in as arguments), so the preview and the
 * import itself plan the same way; the import plans again inside its transaction.
 *
 * Finding what exists keeps a second import of the same file from creating anything: a unit by
 * tower and code (without case), a person by CPF, else by e-mail, else, for a resident with only a
 * name, by that name among the unit's residents. What exists is used as it is: the import creates,
 * it never edits.
 */
import { maskDocument } from "../../../shared/mask";
import type { ImportacaoLinha, ImportacaoTotais } from "../../../shared/schemas/importacao";
import { cpfKey, type NormalRow, nameKey, type RowError, sameName, unitKey } from "./importacao-rows";

export interface ExistingUnidade {
  id: string;
  codigo: string;
  torre: string | null;
}
export interface ExistingPessoa {
  id: string;
  nome: string;
  documento: string | null;
  email: string | null;
}
export interface ExistingLink {
  id: string;
  unidadeId: string;
  pessoaId: string;
  ativo: boolean;
  isResponsavel: boolean;
}
export interface Existing {
  unidades: ExistingUnidade[];
  pessoas: ExistingPessoa[];
  links: ExistingLink[];
}

export interface PlannedUnidade {
  key: string;
  /** Set when the unit exists. */
  id: string | null;
  codigo: string;
  torre: string | null;
  ramal: string | null;
  linha: number;
}
export interface PlannedPessoa {
  key: string;
  id: string | null;
  nome: string;
  cpf: string | null;
  telefone: string | null;
  email: string | null;
  linha: number;
}
export interface PlannedLink {
  unidade: PlannedUnidade;
  pessoa: PlannedPessoa;
  /** An inactive link of the same pair, made active again instead of a new row. */
  inactiveLinkId: string | null;
  exists: boolean;
  linha: number;
}
export interface Plan {
  linhas: ImportacaoLinha[];
  totais: ImportacaoTotais;
  unidades: PlannedUnidade[];
  pessoas: PlannedPessoa[];
  links: PlannedLink[];
  /** The responsável the file marks, per unit. */
  responsaveis: { unidade: PlannedUnidade; pessoa: PlannedPessoa }[];
}

const pair = (unidadeId: string, pessoaId: string) => `${unidadeId}|${pessoaId}`;

function previewOf(row: NormalRow): ImportacaoLinha {
  const t = row.typed;
  return {
    linha: row.linha,
    torre: row.torre,
    unidade: row.codigo,
    ramal: row.ramal,
    nome: row.nome,
    documento: maskDocument(row.cpf ?? t.documento ?? null),
    telefone: row.telefone ?? t.telefone ?? null,
    email: row.email ?? t.email ?? null,
    responsavel: row.responsavel,
    unidade_acao: null,
    pessoa_acao: null,
    vinculo_acao: null,
    erros: [...row.erros],
    avisos: [],
  };
}

export function planImport(rows: NormalRow[], existing: Existing): Plan {
  const unitsByKey = new Map<string, ExistingUnidade>();
  for (const u of existing.unidades) {
    const key = unitKey(u.torre, u.codigo);
    if (!unitsByKey.has(key)) unitsByKey.set(key, u);
  }
  const pessoaById = new Map(existing.pessoas.map((p) => [p.id, p]));
  const pessoasByCpf = new Map<string, ExistingPessoa>();
  const pessoasByEmail = new Map<string, ExistingPessoa>();
  for (const p of existing.pessoas) {
    const digits = p.documento ? cpfKey(p.documento) : "";
    if (digits.length === 11 && !pessoasByCpf.has(digits)) pessoasByCpf.set(digits, p);
    const email = p.email?.trim().toLowerCase();
    if (email && !pessoasByEmail.has(email)) pessoasByEmail.set(email, p);
  }
  const linksByPair = new Map(existing.links.map((l) => [pair(l.unidadeId, l.pessoaId), l]));
  const responsavelOf = new Map<string, string>();
  /** Active residents of each unit by name: how a resident with only a name is found again. */
  const residentsByName = new Map<string, Map<string, string>>();
  for (const l of existing.links) {
    if (!l.ativo) continue;
    if (l.isResponsavel) responsavelOf.set(l.unidadeId, l.pessoaId);
    const p = pessoaById.get(l.pessoaId);
    if (!p) continue;
    const names = residentsByName.get(l.unidadeId) ?? new Map<string, string>();
    names.set(nameKey(p.nome), p.id);
    residentsByName.set(l.unidadeId, names);
  }

  const fileUnits = new Map<string, PlannedUnidade>();
  const filePessoas = new Map<string, PlannedPessoa>();
  const fileCpf = new Map<string, string>();
  const fileEmail = new Map<string, string>();
  const fileLinks = new Map<string, PlannedLink>();
  const fileResponsavel = new Map<string, { unidade: PlannedUnidade; pessoa: PlannedPessoa }>();
  const linhas: ImportacaoLinha[] = [];

  for (const row of rows) {
    const out = previewOf(row);
    linhas.push(out);
    if (out.erros.length > 0 || !row.codigo) continue;
    const erros: RowError[] = [];
    const avisos: string[] = [];

    // The unit.
    const uk = unitKey(row.torre, row.codigo);
    const seenUnit = fileUnits.get(uk);
    const existingUnit = seenUnit ? null : (unitsByKey.get(uk) ?? null);
    if (seenUnit && row.ramal && seenUnit.ramal && row.ramal !== seenUnit.ramal) {
      erros.push({
        campo: "ramal",
        mensagem: `Ramal diferente do informado na linha ${seenUnit.linha} para a mesma unidade`,
      });
    }
    const unidadeId = seenUnit?.id ?? existingUnit?.id ?? null;
    if (existingUnit) avisos.push("Unidade já existe: será usada sem alterações.");

    // The resident.
    let pessoa: PlannedPessoa | null = null;
    let newPessoa: PlannedPessoa | null = null;
    if (row.temPessoa && row.nome) {
      const digits = row.cpf ? cpfKey(row.cpf) : null;
      const byCpf = digits ? fileCpf.get(digits) : undefined;
      const byEmail = row.email ? fileEmail.get(row.email) : undefined;
      if (byCpf && byEmail && byCpf !== byEmail) {
        const a = filePessoas.get(byCpf)!;
        const b = filePessoas.get(byEmail)!;
        erros.push({
          campo: "email",
          mensagem: `O CPF é o da linha ${a.linha} e o e-mail é o da linha ${b.linha}, de outra pessoa`,
        });
      } else if (byCpf ?? byEmail) {
        const seen = filePessoas.get((byCpf ?? byEmail)!)!;
        const by = byCpf ? "CPF" : "e-mail";
        if (!sameName(seen.nome, row.nome)) {
          erros.push({ campo: "nome", mensagem: `Mesmo ${by} da linha ${seen.linha} com outro nome (${seen.nome})` });
        } else if (byCpf && row.email && seen.email && seen.email !== row.email) {
          erros.push({
            campo: "email",
            mensagem: `E-mail diferente do informado na linha ${seen.linha} para o mesmo CPF`,
          });
        } else if (byEmail && digits && seen.cpf && cpfKey(seen.cpf) !== digits) {
          erros.push({
            campo: "documento",
            mensagem: `CPF diferente do informado na linha ${seen.linha} para o mesmo e-mail`,
          });
        } else if (
          !seen.id &&
          ((digits && !seen.cpf && pessoasByCpf.has(digits)) ||
            (row.email && !seen.email && pessoasByEmail.has(row.email)))
        ) {
          // The same new person would take a CPF or e-mail someone already registered has.
          erros.push({
            campo: null,
            mensagem: `Esta pessoa já está cadastrada: informe o mesmo CPF e e-mail também na linha ${seen.linha}`,
          });
        } else {
          pessoa = seen;
        }
      } else {
        const eByCpf = digits ? pessoasByCpf.get(digits) : undefined;
        const eByEmail = row.email ? pessoasByEmail.get(row.email) : undefined;
        const otherCpf = eByEmail?.documento ? cpfKey(eByEmail.documento) : "";
        if (eByCpf && eByEmail && eByCpf.id !== eByEmail.id) {
          erros.push({ campo: "email", mensagem: "CPF e e-mail pertencem a pessoas diferentes já cadastradas" });
        } else if (!eByCpf && eByEmail && digits && otherCpf.length === 11 && otherCpf !== digits) {
          erros.push({ campo: "documento", mensagem: "O e-mail é de uma pessoa já cadastrada com outro CPF" });
        } else {
          let found = eByCpf ?? eByEmail ?? null;
          if (!found && !digits && !row.email && unidadeId) {
            const id = residentsByName.get(unidadeId)?.get(nameKey(row.nome));
            found = id ? (pessoaById.get(id) ?? null) : null;
          }
          const key = found
            ? `id:${found.id}`
            : digits
              ? `cpf:${digits}`
              : row.email
                ? `email:${row.email}`
                : `nome:${uk}:${nameKey(row.nome)}`;
          const already = filePessoas.get(key);
          if (already) pessoa = already;
          else {
            newPessoa = {
              key,
              id: found?.id ?? null,
              nome: found?.nome ?? row.nome,
              cpf: row.cpf,
              telefone: row.telefone,
              email: row.email,
              linha: row.linha,
            };
            pessoa = newPessoa;
            if (found) {
              avisos.push(
                sameName(found.nome, row.nome)
                  ? "Pessoa já cadastrada: será usada sem alterações."
                  : `Pessoa já cadastrada como ${found.nome}: será usada sem alterações.`,
              );
            }
          }
        }
      }
    }

    // The link and the responsável.
    let link: Pick<PlannedLink, "inactiveLinkId" | "exists"> | null = null;
    if (pessoa) {
      const lk = `${uk}|${pessoa.key}`;
      const seenLink = fileLinks.get(lk);
      if (seenLink) {
        erros.push({
          campo: null,
          mensagem: `Linha repetida: mesma unidade e mesmo morador da linha ${seenLink.linha}`,
        });
      } else {
        const current = unidadeId && pessoa.id ? linksByPair.get(pair(unidadeId, pessoa.id)) : undefined;
        link = { inactiveLinkId: current && !current.ativo ? current.id : null, exists: !!current?.ativo };
        if (link.exists) avisos.push("Já é morador desta unidade.");
      }
      if (row.responsavel) {
        const marked = fileResponsavel.get(uk);
        if (marked) {
          erros.push({
            campo: "responsavel",
            mensagem: `A linha ${marked.pessoa.linha} já marca o responsável desta unidade`,
          });
        } else if (unidadeId && responsavelOf.has(unidadeId) && responsavelOf.get(unidadeId) !== pessoa.id) {
          avisos.push("Passa a ser o responsável da unidade, no lugar do atual.");
        }
      }
    }

    if (erros.length > 0) {
      out.erros.push(...erros);
      continue;
    }

    // A valid row: what it adds to the plan.
    let unidade = seenUnit;
    if (!unidade) {
      unidade = {
        key: uk,
        id: existingUnit?.id ?? null,
        codigo: row.codigo,
        torre: row.torre,
        ramal: row.ramal,
        linha: row.linha,
      };
      fileUnits.set(uk, unidade);
    } else if (!unidade.ramal && row.ramal) unidade.ramal = row.ramal;
    if (newPessoa) {
      filePessoas.set(newPessoa.key, newPessoa);
      if (newPessoa.cpf) fileCpf.set(cpfKey(newPessoa.cpf), newPessoa.key);
      if (newPessoa.email) fileEmail.set(newPessoa.email, newPessoa.key);
    } else if (pessoa && !pessoa.id) {
      // A new person seen again may bring the CPF or e-mail an earlier row left empty.
      if (!pessoa.cpf && row.cpf) {
        pessoa.cpf = row.cpf;
        fileCpf.set(cpfKey(row.cpf), pessoa.key);
      }
      if (!pessoa.email && row.email) {
        pessoa.email = row.email;
        fileEmail.set(row.email, pessoa.key);
      }
      if (!pessoa.telefone && row.telefone) pessoa.telefone = row.telefone;
    }
    if (link && pessoa) {
      fileLinks.set(`${uk}|${pessoa.key}`, { ...link, unidade, pessoa, linha: row.linha });
      if (row.responsavel) fileResponsavel.set(uk, { unidade, pessoa });
    }
    out.unidade_acao = unidade.id ? "existente" : "criar";
    out.pessoa_acao = pessoa ? (pessoa.id ? "existente" : "criar") : null;
    out.vinculo_acao = link ? (link.exists ? "existente" : "criar") : null;
    out.avisos = avisos;
  }

  const unidades = [...fileUnits.values()];
  const pessoas = [...filePessoas.values()];
  const links = [...fileLinks.values()];
  return {
    linhas,
    unidades,
    pessoas,
    links,
    responsaveis: [...fileResponsavel.values()],
    totais: {
      linhas: linhas.length,
      linhas_com_erro: linhas.filter((l) => l.erros.length > 0).length,
      unidades_criar: unidades.filter((u) => !u.id).length,
      pessoas_criar: pessoas.filter((p) => !p.id).length,
      vinculos_criar: links.filter((l) => !l.exists).length,
      unidades_existentes: unidades.filter((u) => u.id).length,
      pessoas_existentes: pessoas.filter((p) => p.id).length,
      vinculos_existentes: links.filter((l) => l.exists).length,
    },
  };
}
