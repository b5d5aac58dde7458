/**
 * The words the engine gives a meaning to, folded (no accents, lower case). Everything here is also a
 * word that is never a person's name, so "Vim fazer a faxina" gives no visitor called "Faxina".
 */
function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

/** Words that introduce a unit number: "apartamento 101", "ap 42", "casa 3", "nº 12". */
export const UNIT_WORDS = words(
  "ap apto apt apart ape apartamento apartamentos unidade casa sala loja numero num nº n",
);

/** Words that introduce a tower: "Torre A", "bloco um", "bl 1". */
export const TOWER_WORDS = words("torre torres bloco blocos bl blc bloc tr edificio ed predio ala quadra qd");

/** Towers whose word is feminine ("da Torre A", "do Bloco 1"). */
export const FEMININE_TOWER_WORDS = words("torre ala quadra");

/** Words before a bare number that make it a unit ("vou no 101", "pro 12"). */
export const UNIT_PREPOSITIONS = words("no na pro pra para ao do da o numero");

export const GREETING_WORDS = words("oi ola alo bom boa dia tarde noite opa salve tudo bem blz beleza e ai");

/** What a visitor may say they are to a resident: "sou a irmã dela". */
export const RELATION_WORDS = words(
  "irma irmao amigo amiga amigos amigas conhecido conhecida mae pai filho filha namorado namorada noivo noiva " +
    "marido esposa esposo mulher tio tia " +
    "primo prima sobrinho sobrinha avo avos neto neta sogra sogro cunhado cunhada genro nora colega vizinho vizinha " +
    "parente madrinha padrinho afilhado afilhada enteado enteada chefe patrao patroa",
);

/** A service provider's trade, as the request may name them when they gave no name ("Sou jardineiro"). */
export const TRADES: ReadonlyMap<string, string> = new Map([
  ["jardineiro", "Jardineiro"],
  ["jardineira", "Jardineira"],
  ["eletricista", "Eletricista"],
  ["encanador", "Encanador"],
  ["encanadora", "Encanadora"],
  ["tecnico", "Técnico"],
  ["tecnica", "Técnica"],
  ["diarista", "Diarista"],
  ["faxineira", "Faxineira"],
  ["faxineiro", "Faxineiro"],
  ["pintor", "Pintor"],
  ["pintora", "Pintora"],
  ["pedreiro", "Pedreiro"],
  ["montador", "Montador"],
  ["marceneiro", "Marceneiro"],
  ["vidraceiro", "Vidraceiro"],
  ["piscineiro", "Piscineiro"],
  ["dedetizador", "Dedetizador"],
  ["chaveiro", "Chaveiro"],
  ["instalador", "Instalador"],
  ["prestador", "Prestador de serviço"],
  ["baba", "Babá"],
  ["cuidador", "Cuidador"],
  ["cuidadora", "Cuidadora"],
  ["enfermeiro", "Enfermeiro"],
  ["enfermeira", "Enfermeira"],
  ["fisioterapeuta", "Fisioterapeuta"],
  ["manicure", "Manicure"],
  ["cabeleireiro", "Cabeleireiro"],
  ["cabeleireira", "Cabeleireira"],
  ["professor", "Professor"],
  ["professora", "Professora"],
  ["personal", "Personal"],
  ["tapeceiro", "Tapeceiro"],
  ["passeador", "Passeador"],
  ["desentupidora", "Desentupidora"],
  ["adestrador", "Adestrador"],
  ["costureira", "Costureira"],
  ["massagista", "Massagista"],
]);

/** Titles before a name, never part of it ("a Dona Cida" → "Cida", "o seu Raimundo" → "Raimundo"). */
export const HONORIFICS = words("dona seu sr sra senhor senhora dr dra doutor doutora");

/** Words that make the visit a service ("faxina", "instalação de fibra"), besides the trades. */
export const SERVICE_WORDS = words(
  "faxina limpeza manutencao conserto consertar reparo reparar jardinagem instalacao instalar pintura obra reforma " +
    "reformar montagem montar dedetizacao servico servicos vistoria orcamento mudanca carreto aula fibra arrumar " +
    "medir pintar desentupir limpar podar dedetizar marcenaria atendimento plantao treino leitura",
);

/**
 * Delivery companies: `nome` is how the request names a courier who gave no name, `empresa` the company
 * a package is recorded from. `emMaos`: what they bring is handed to a resident (a meal, medicine), so
 * the residents are asked as for any visitor; every other delivery is a package left at the gate
 * (docs/decisions/043-deliveries.md).
 */
export const COMPANIES: readonly { words: string[]; nome: string; empresa: string; emMaos?: true }[] = [
  { words: ["mercado", "livre"], nome: "Entregador Mercado Livre", empresa: "Mercado Livre" },
  { words: ["uber", "eats"], nome: "Entregador Uber Eats", empresa: "Uber Eats", emMaos: true },
  { words: ["ze", "delivery"], nome: "Entregador Zé Delivery", empresa: "Zé Delivery", emMaos: true },
  { words: ["casas", "bahia"], nome: "Entregador Casas Bahia", empresa: "Casas Bahia" },
  { words: ["pague", "menos"], nome: "Entregador Pague Menos", empresa: "Pague Menos", emMaos: true },
  { words: ["total", "express"], nome: "Entregador Total Express", empresa: "Total Express" },
  { words: ["amazon"], nome: "Entregador Amazon", empresa: "Amazon" },
  { words: ["ifood"], nome: "Entregador iFood", empresa: "iFood", emMaos: true },
  { words: ["rappi"], nome: "Entregador Rappi", empresa: "Rappi", emMaos: true },
  { words: ["shopee"], nome: "Entregador Shopee", empresa: "Shopee" },
  { words: ["shein"], nome: "Entregador Shein", empresa: "Shein" },
  { words: ["aliexpress"], nome: "Entregador AliExpress", empresa: "AliExpress" },
  { words: ["magalu"], nome: "Entregador Magalu", empresa: "Magalu" },
  { words: ["americanas"], nome: "Entregador Americanas", empresa: "Americanas" },
  { words: ["loggi"], nome: "Entregador Loggi", empresa: "Loggi" },
  { words: ["jadlog"], nome: "Entregador Jadlog", empresa: "Jadlog" },
  { words: ["correios"], nome: "Entregador dos Correios", empresa: "Correios" },
  { words: ["correio"], nome: "Entregador dos Correios", empresa: "Correios" },
  { words: ["sedex"], nome: "Entregador dos Correios", empresa: "Correios" },
  { words: ["farmacia"], nome: "Entregador da farmácia", empresa: "Farmácia", emMaos: true },
  { words: ["drogaria"], nome: "Entregador da farmácia", empresa: "Farmácia", emMaos: true },
  { words: ["drogasil"], nome: "Entregador Drogasil", empresa: "Drogasil", emMaos: true },
  { words: ["dhl"], nome: "Entregador DHL", empresa: "DHL" },
  { words: ["fedex"], nome: "Entregador FedEx", empresa: "FedEx" },
];

/** Words that make the visit a delivery, besides the companies. */
export const DELIVERY_WORDS = words(
  "entrega entregas entregar entregando entregador entregadora pacote pacotes encomenda encomendas delivery motoboy " +
    "motoqueiro carteiro pedido pedidos lanche pizza marmita comida remedio remedios compras carta transportadora " +
    "galao galoes botijao flores floricultura",
);

/**
 * Words that make a delivery one handed to a resident, not a package left at the gate: a meal, medicine,
 * groceries, gas or water carried up, flowers, furniture. They win over a package word ("encomenda da
 * farmácia"): asking the residents is what the attendant did before packages were recorded.
 */
export const HAND_DELIVERY_WORDS = words(
  "comida lanche lanches pizza pizzas marmita marmitex refeicao almoco jantar restaurante hamburguer sushi acai " +
    "mercado supermercado feira padaria sorvete bebida bebidas remedio remedios medicamento medicamentos " +
    "galao galoes agua gas botijao flores floricultura buque moveis movel geladeira fogao sofa colchao",
);

/** Words that hint at a meal, unless a package is named too ("pedido da Amazon" is a package). */
export const HAND_DELIVERY_HINTS = words("pedido pedidos delivery motoboy motoqueiro compras");

/** Words that name a package (besides the carriers): "pacote", "encomenda", "carta registrada". */
export const PACKAGE_WORDS = words("pacote pacotes encomenda encomendas caixa caixas carta cartas transportadora");

/** Words that say it is a plain visit. */
export const VISIT_WORDS = words("visita visitar visitando visitante");

/**
 * Words of a party in a common area: a guest on a booking's list (docs/decisions/044-common-area-bookings.md).
 * "Chá" only as "chá de bebê/panela/revelação" (read-purpose.ts).
 */
export const PARTY_WORDS = words(
  "festa festas festinha aniversario aniversarios niver churrasco churras confraternizacao comemoracao " +
    "convidado convidada convidados convidadas salao churrasqueira evento",
);

/** Words a code comes after: "código 482913", "meu pin é…", "QR". */
export const CODE_WORDS = words("codigo codigos pin senha qr qrcode token");

/**
 * Words before a name that make it the resident the visitor came for ("vim ver a Zilda", "entrega pro
 * senhor Astolfo"): such a name nobody in the directory has is said to be not found. "Da" and "do"
 * count only after "casa" ("na casa da Zilda"): "sou da Sabesp" names no one.
 */
export const RESIDENT_CUES = words(
  "ver visitar visita falar com pra para pro procurando procuro procurar chamar chamou pegar buscar encontrar foi " +
    "mora entregar",
);

/** Words that are never a person's name, on top of every word above. */
const COMMON = words(
  // articles, pronouns, prepositions, conjunctions
  "a o as os um uma uns umas de da do das dos em na no nas nos num numa pra pro pras pros para por pelo pela " +
    "com sem sob sobre ate apos ante entre e ou mas nem que se porque pois como quando onde quem qual quais " +
    "eu tu ele ela nos vos eles elas voce voces vc vcs me te se lhe mim comigo contigo dele dela deles delas " +
    "meu minha meus minhas seu sua seus suas teu tua nosso nossa isso isto aquilo esse essa este esta aquele " +
    "aquela la ali aqui ai aki ca dali daqui " +
    // verbs visitors use
    "sou e eh esta estou to ta tava estava estamos sao ser vim venho vou vai vamos veio viemos " +
    "quero queria gostaria preciso precisava tenho tem tinha temos trouxe trago trazendo chegou cheguei chegando " +
    "ver falar fala falo chama chamar chamei chamou pode podia poderia posso consegue abrir abre abra entrar " +
    "entro subir subo deixar deixo levar levo pegar pego buscar busco fazer faco cortar limpar consertar " +
    "instalar sair saimos esperar espero esperando aguardo aguardando marcou marcado marcada combinado combinamos " +
    "pediu pedi mandou mandaram avisa avisar avise liga ligar ligou sabe sei mora morar moro procurando procuro " +
    "visitar encontrar encontro obrigado obrigada valeu brigado agradeco desculpa desculpe perdao licenca favor " +
    // answers and small words
    "sim nao n s ok okay certo correto errado errada isso exato claro aham uhum positivo negativo confirmo " +
    "talvez tambem so apenas ja ainda agora hoje amanha ontem depois antes logo mesmo mesma muito pouco bem mal " +
    "tudo nada todo toda todos algo alguem ninguem outro outra gente pessoal galera cara moco moca senhor " +
    "senhora sr sra dr dra dona seu mano brother tipo entao entao ne hein bom boa dia tarde noite " +
    // places and things at the gate
    "portao portaria porteiro porteira interfone campainha entrada frente fora dentro rua carro moto garagem " +
    "condominio morador moradora moradores moradoras residencia andar terreo cobertura predio ai " +
    "acesso codigo senha chave cartao documento identidade rg cpf nome sobrenome " +
    "emergencia socorro ajuda urgente fogo incendio assalto policia ambulancia acidente " +
    // things deliveries and services bring
    "grama jardim ar condicionado internet operadora luz agua gas chuveiro pia vazamento cano porta janela " +
    "moveis movel geladeira fogao maquina televisao tv sofa armario cama mesa caixa sacola mercado " +
    "dela dele deles delas rapaz menino menina criancas crianca familia pessoal nova novo completo completa joia " +
    "tranquilo suave firmeza verdade motorista aplicativo uber taxi taxista carona trainer guarda roupa somos " +
    "presente festa aniversario reuniao trabalho escola faculdade cozinha banheiro varanda plantas acho achei " +
    "errei enganei confundi desculpa perdao incomodar mudou " +
    // interjections, fillers and chat shorthand
    "ha hum hmm ah oh uh ahn ue xi pera perai espera calma pronto ops nossa poxa ixi vixe " +
    "ss sss pfv pf vlw tb tbm q vc td p msm pq qdo",
);

const NEVER_A_NAME = new Set<string>([
  ...UNIT_WORDS,
  ...TOWER_WORDS,
  ...GREETING_WORDS,
  ...RELATION_WORDS,
  ...TRADES.keys(),
  ...SERVICE_WORDS,
  // "Zé" (delivery) is also a name.
  ...COMPANIES.flatMap((c) => c.words).filter((word) => word !== "ze"),
  ...DELIVERY_WORDS,
  ...HAND_DELIVERY_WORDS,
  ...HAND_DELIVERY_HINTS,
  ...PACKAGE_WORDS,
  ...VISIT_WORDS,
  ...CODE_WORDS,
  ...RESIDENT_CUES,
  ...HONORIFICS,
  ...COMMON,
]);

/** Verb and noun endings, for lower-case words ("chegando", "entrar", "instalação"). */
const NOT_A_NAME_ENDING = /(ando|endo|indo|ado|ido|mente|cao|coes|ar|er|ir)$/;

/**
 * Could this word be part of a person's name? `written` is the word as typed: a capital makes a
 * lower-case-looking verb ending acceptable ("Ademar", "Jair").
 */
export function isNameWord(norm: string, written: string): boolean {
  if (norm.length < 2 || NEVER_A_NAME.has(norm) || !/^[a-z]+$/.test(norm)) return false;
  // "eee", "hmm": a name has a vowel and a consonant and no letter three times in a row.
  if (!/[aeiouy]/.test(norm) || !/[^aeiouy]/.test(norm) || /(.)\1\1/.test(norm)) return false;
  const capitalized = written.charAt(0) !== written.charAt(0).toLowerCase();
  return capitalized || !NOT_A_NAME_ENDING.test(norm);
}

/** Small words a name may carry inside ("Maria da Silva"); dropped when names are compared. */
export const NAME_PARTICLES = words("da de do das dos e d");
