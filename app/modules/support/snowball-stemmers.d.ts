// The snowball-stemmers package ships no types: the part the chat bot uses.
declare module 'snowball-stemmers' {
  export function newStemmer(language: string): { stem(word: string): string };
  export function algorithms(): string[];
}
