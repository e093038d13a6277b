import type { Tokenizer } from '../tokens/index.js';
import { PASSAGE_CHARS, type ShownPassages } from './passages.js';

/** Characters a token of a hit's text, guessed before counting what its passages take. */
export const CHARS_PER_TOKEN = 3.2;
/** Times a hit's room is corrected by counting what it shows. */
const ROOM_PASSES = 2;
/** A hit's room is close enough to its share within this part of it. */
const ROOM_TOLERANCE = 0.05;
/**
 * A hit whose passages would take this share of its original's characters shows it whole: the few
 * lines left out are as likely the ones asked for (a line between two windows, one above the
 * first), and the whole costs little more (docs/BENCH.md § Provenance).
 */
const NEARLY_WHOLE = 0.85;
/**
 * A tightly shown hit whose original takes this many tokens or fewer shows it whole: its windows and
 * their labels would cost about as much.
 */
const SMALL_WHOLE_TOKENS = 60;
/** A hit's text that takes this share of its room or more filled it (see `filled`). */
const FILLED_SHARE = 0.8;
/** A hit shows at least this much of its passages, however full the budget. */
export const MIN_PASSAGE_CHARS = Math.floor(PASSAGE_CHARS / 2);

/**
 * The passages that take about `share` tokens, or the whole original when it fits the room (unless
 * its windows fold it, wholeOrFolded) or they would take nearly all of it and it fits in what is
 * `left` for this hit and the ones after. The rate is a guess for
 * the lines shown (code and logs hold fewer characters a token than prose): counts of what they
 * take correct it, and a last showing never goes over the share, so the hits after this one keep
 * their room (fitToBudget stops at the first hit that does not fit).
 */
export function fitPassages(
  original: string,
  prepared: (room: number, tight?: boolean) => ShownPassages,
  { share, left }: { share: number; left: number },
  tokenizer: Tokenizer,
): string {
  const show = (room: number) => prepared(room).text;
  let room = Math.floor(share * CHARS_PER_TOKEN);
  let text = '';
  let used = 0;
  for (let pass = 0; pass < ROOM_PASSES; pass++) {
    if (pass > 0) room = Math.floor((filled(text, room) * share) / Math.max(1, used));
    room = Math.max(MIN_PASSAGE_CHARS, room);
    text = original.length <= room ? wholeOrFolded(original, prepared(room)) : show(room);
    if (text === original) return text;
    used = tokenizer.count(text);
    if (Math.abs(used - share) <= share * ROOM_TOLERANCE) break;
  }
  if (text.length >= NEARLY_WHOLE * original.length && tokenizer.count(original) <= left) return original;
  if (used <= share) return text;
  return show(
    Math.max(MIN_PASSAGE_CHARS, Math.floor(((filled(text, room) * share) / used) * (1 - ROOM_TOLERANCE))),
  );
}

/**
 * An original that fits its room, shown whole, unless its windows hold every line with runs of
 * look-alike lines folded: the same lines but those that say the same, for less.
 */
function wholeOrFolded(original: string, shown: ShownPassages): string {
  return shown.folded ? shown.text : original;
}

/**
 * The characters a room gave, for turning its tokens into a rate: the room itself when the text
 * filled it (whole lines leave a little over), the text's own length when it came out shorter, having
 * shown all it would (every line, runs of look-alike lines folded): a room of a hundred times that
 * would only call for the whole original.
 */
function filled(text: string, room: number): number {
  return text.length >= FILLED_SHARE * room ? room : text.length;
}

/**
 * A hit's matched windows only, within `share` tokens (the best window always): the whole original
 * when it takes no more than SMALL_WHOLE_TOKENS and fits what is `left`, or when the windows would
 * show nearly all of it and it fits the share.
 */
export function fitTight(
  original: string,
  prepared: (room: number, tight?: boolean) => ShownPassages,
  { share, left }: { share: number; left: number },
  tokenizer: Tokenizer,
): string {
  const whole = tokenizer.count(original);
  if (whole <= SMALL_WHOLE_TOKENS && whole <= left) return original;
  let room = Math.max(1, Math.floor(share * CHARS_PER_TOKEN));
  let text = prepared(room, true).text;
  if (text.length >= NEARLY_WHOLE * original.length && whole <= share) return original;
  let used = tokenizer.count(text);
  for (let pass = 0; pass < ROOM_PASSES && used > share; pass++) {
    room = Math.max(1, Math.floor(((room * share) / used) * (1 - ROOM_TOLERANCE)));
    text = prepared(room, true).text;
    used = tokenizer.count(text);
  }
  return text;
}
