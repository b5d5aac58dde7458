/**
 * A small phonetic key for Brazilian Portuguese names, so that spellings that sound alike meet
 * ("Tiago"/"Thiago", "Luiz"/"Luis", "Camila"/"Kamila", "Tatiane"/"Tatiani"). No maintained pure-JS
 * library does this for Portuguese; the rules below are the usual ones (after the BuscaBR and
 * Metaphone-PT families), applied in order:
 *
 *  1. "ç" → s; then accents folded and anything but letters dropped.
 *  2. ph → f, th → t ("Sophia", "Thiago").
 *  3. ch, sh → x ("Chayene", "Sheila"); lh → li, nh → ni ("Guilherme", "Ivonhe").
 *  4. Any other h is silent ("Helena" = "Elena"); doubled letters count once ("Isabella", "Anna").
 *  5. sc, sç, xc before e/i, and ss → s ("Nascimento").
 *  6. qu, gu before e/i → k, g ("Raquel", "Miguel"); q → k.
 *  7. c before e/i → s; c otherwise → k; k stays k ("Cecília" = "Sesília", "Carla" = "Karla").
 *  8. g before e/i → j ("Gean" = "Jean").
 *  9. z → s ("Luiz" = "Luis", "Rozana" = "Rosana"); y → i; w → v ("Wagner" = "Vagner").
 * 10. l closing a syllable sounds like u ("Raul" = "Rau", "Alves" = "Auves").
 * 11. m or n before a consonant or at the end is the nasal n ("Joaquim" = "Joaquin", "Campos").
 * 12. Unstressed final e/o (also before a final s) are said i/u ("Tatiane" = "Tatiani", "Vinicios");
 *     letters the rules doubled count once.
 */

const VOWELS = "aeiou";

function isVowel(letter: string | undefined): boolean {
  return letter !== undefined && VOWELS.includes(letter);
}

export function phoneticKey(word: string): string {
  let s = word.toLowerCase().replace(/ç/g, "s");
  s = s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z]/g, "");
  s = s.replace(/ph/g, "f").replace(/th/g, "t");
  s = s.replace(/ch|sh/g, "x").replace(/lh/g, "li").replace(/nh/g, "ni");
  s = s.replace(/h/g, "").replace(/(.)\1+/g, "$1");
  s = s.replace(/s?sc(?=[ei])|xc(?=[ei])/g, "s").replace(/ss/g, "s");
  s = s
    .replace(/qu(?=[ei])/g, "k")
    .replace(/gu(?=[ei])/g, "G")
    .replace(/q/g, "k");
  s = s.replace(/c(?=[ei])/g, "s").replace(/c/g, "k");
  // "G" is the hard g kept from "gu" (rule 6), so rule 8 leaves it alone.
  s = s.replace(/g(?=[ei])/g, "j").replace(/G/g, "g");
  s = s.replace(/z/g, "s").replace(/y/g, "i").replace(/w/g, "v");
  let key = "";
  for (let i = 0; i < s.length; i += 1) {
    const letter = s[i]!;
    const next = s[i + 1];
    if (letter === "l" && !isVowel(next) && i > 0) key += "u";
    else if ((letter === "m" || letter === "n") && !isVowel(next) && i > 0) key += "n";
    else key += letter;
  }
  key = key.replace(/e(s?)$/, "i$1").replace(/o(s?)$/, "u$1");
  return key.replace(/(.)\1+/g, "$1");
}
