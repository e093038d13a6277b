import { compressCode } from '../src/compress/code/index.js';
const lines = ['[File: /a/fields.py (1997 lines total)]', '(1373 more lines above)'];
const code = [
  '    :param kwargs: The same keyword arguments that :class:`Field` receives.',
  '    """',
  '',
  '    SERIALIZATION_FUNCS = {"iso": utils.to_iso_time, "iso8601": utils.to_iso_time}',
  '',
  '    DEFAULT_FORMAT = "iso"',
  '',
  '    @staticmethod',
  '    def _make_object_from_format(value, data_format):',
  '        return dt.datetime.strptime(value, data_format).time()',
  '',
  '',
  'class Date(DateTime):',
  '    """A formatted date string.',
  '',
  '    Example: ``2014-12-22``',
  '    """',
  '    OBJ_TYPE = "date"',
];
code.forEach((l, i) => lines.push(`${1374 + i}:${l}`));
const s = compressCode(lines.join('\n'), {});
console.log(s.text);
