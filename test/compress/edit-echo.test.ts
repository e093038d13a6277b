import { describe, expect, it } from 'vitest';
import { compressEditEcho, isEditEcho } from '../../src/compress/edit-echo.js';
import { compress } from '../../src/compress/index.js';

const claudeCodeEdit = [
  "The file /work/shop/src/vat.ts has been updated. Here's the result of running `cat -n` on a snippet of the edited file:",
  '    28→export function vatTotal(invoice: Invoice): number {',
  '    29→  // rates come from config/rates.json (see RateTableError)',
  '    30→  return round(invoice.net * RATE, 2);',
  '    31→}',
  '    32→',
].join('\n');

const strReplaceEditor = [
  "OBSERVATION: The file /testbed/moto/athena/models.py has been edited. Here's the result of running `cat -n` on a snippet of /testbed/moto/athena/models.py:",
  '   130\t        query_id = self.athena_backend.create_named_query(',
  '   131\t            name, description, database, query_string, workgroup',
  '   132\t        )',
  'Review the changes and make sure they are as expected. Edit the file again if necessary.',
].join('\n');

describe('edit confirmations', () => {
  it('recognises Claude Code Edit and str_replace_editor answers, and nothing else', () => {
    expect(isEditEcho(claudeCodeEdit)).toBe(true);
    expect(isEditEcho(strReplaceEditor)).toBe(true);
    expect(isEditEcho('The file a.ts has been updated.')).toBe(false);
    expect(isEditEcho(`log line\n${claudeCodeEdit}`)).toBe(false);
  });

  it('keeps the confirmation and the snippet range, without the snippet or the advice', () => {
    expect(compressEditEcho(claudeCodeEdit).text).toBe(
      'The file /work/shop/src/vat.ts has been updated (snippet lines 28–32 not shown).',
    );
    expect(compressEditEcho(strReplaceEditor).text).toBe(
      'The file /testbed/moto/athena/models.py has been edited (snippet lines 130–132 not shown).',
    );
  });

  it('keeps a few lines the tool added besides the snippet', () => {
    const warned = `${claudeCodeEdit}\nwarning: file has CRLF line endings`;
    expect(compressEditEcho(warned).text.split('\n')[1]).toBe('warning: file has CRLF line endings');
  });

  it('leaves a confirmation without a snippet alone', () => {
    const bare =
      "The file a.ts has been updated. Here's the result of running `cat -n` on a snippet of the edited file:";
    expect(compressEditEcho(bare).helped).toBe(false);
  });

  it('through compress(): the names of the snippet follow the summary', () => {
    const summary = compress('code', claudeCodeEdit, { toolName: 'Edit' });
    expect(summary.text).toBe(
      [
        'The file /work/shop/src/vat.ts has been updated (snippet lines 28–32 not shown).',
        '[names: RateTableError config/rates.json]',
      ].join('\n'),
    );
  });
});
