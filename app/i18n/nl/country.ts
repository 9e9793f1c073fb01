// A country's name inside a Dutch sentence takes the article some names need: "naar het Verenigd Koninkrijk",
// "naar de Verenigde Staten", "in de Dominicaanse Republiek"; most names take none ("naar België").
const HET = /^Verenigd\s/;
const DE = /^(Verenigde\s|Filipijnen$|Malediven$|Seychellen$|Comoren$|Bahama|Nederlandse Antillen$)|(Republiek|eilanden)$/;

export function countryInSentence(name: string): string {
  if (/^(de|het)\s/i.test(name)) return name;
  if (HET.test(name)) return `het ${name}`;
  if (DE.test(name)) return `de ${name}`;
  return name;
}
