import { BREAKDOWN_ORDER } from '../../../core/garden/constants.js';
/** Colours of the pressure bar, one per breakdown class, plus the fixed prefix (system + tools). */
export const CLASS_COLOURS: Readonly<Record<string, string>> = {
  fixed: 'gray',
  prompt: 'blue',
  error: 'red',
  code: 'cyan',
  prose: 'green',
  structured: 'magenta',
  log: 'yellow',
  media: 'whiteBright',
  other: 'white',
  pending: 'blackBright',
};

/** The order of the bar's segments and legend: fixed prefix first, then the classes by priority. */
export const BAR_ORDER: readonly string[] = ['fixed', ...BREAKDOWN_ORDER];

export const FORM_COLOURS: Readonly<Record<string, string>> = {
  original: 'white',
  summary: 'green',
  stub: 'gray',
};
