import { describe, expect, it } from 'vitest';
import { compressEditEcho, isEditEcho } from '../../../src/core/compress/edit-echo.js';
import { compress } from '../../../src/core/compress/index.js';

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

const multiEdit = [
  'Applied 2 edits to /work/shop/src/templates/invoice.html:',
  "1. Replaced \"    <div class='totals'>\n        <div class='tot...\" with \"    <div class='totals'>\n        <div class='tot...\"",
  '2. Replaced "            <span class=\'vat-rate\'>\n          ..." with "            <span class=\'vat-rate\'>\n          ..."',
].join('\n');

describe('edit confirmations', () => {
  it('recognises Claude Code Edit and str_replace_editor answers, and nothing else', () => {
    expect(isEditEcho(claudeCodeEdit)).toBe(true);
    expect(isEditEcho(strReplaceEditor)).toBe(true);
    expect(isEditEcho('The file a.ts has been updated.')).toBe(false);
    expect(isEditEcho(`log line\n${claudeCodeEdit}`)).toBe(false);
    expect(isEditEcho(multiEdit)).toBe(true);
    expect(isEditEcho('Applied 2 edits to the config, then restarted.')).toBe(false);
  });

  it("keeps a MultiEdit answer's first line: what each edit replaced is in the agent's own call", () => {
    expect(compress('prose', multiEdit, { toolName: 'MultiEdit' })).toMatchObject({
      text: 'Applied 2 edits to /work/shop/src/templates/invoice.html.',
      helped: true,
    });
  });

  it('keeps the confirmation and the snippet range, without the snippet or the advice', () => {
    expect(compressEditEcho(claudeCodeEdit).text).toBe(
      'The file /work/shop/src/vat.ts has been updated (lines 28–32).',
    );
    expect(compressEditEcho(strReplaceEditor).text).toBe(
      'The file /testbed/moto/athena/models.py has been edited (lines 130–132).',
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
        'The file /work/shop/src/vat.ts has been updated (lines 28–32).',
        '[names: RateTableError config/rates.json]',
      ].join('\n'),
    );
  });
});
