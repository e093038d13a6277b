import { describe, expect, it } from 'vitest';
import { classify } from '../../../../src/core/classify/classify.js';
import { detectDataFormat } from '../../../../src/core/classify/data-format.js';
import { languageOfPath } from '../../../../src/core/classify/language.js';
import { compressStructured } from '../../../../src/core/compress/structured/index.js';
import { parseStructured } from '../../../../src/core/compress/structured/detect.js';
import { isIgnoreFile, summarizeIgnore } from '../../../../src/core/compress/structured/ignore.js';
import { parseIni } from '../../../../src/core/compress/structured/ini.js';

/** A setup.cfg in the shape Python projects write them: sections, continuation lines, comments. */
function setupCfg(extraKeys = 0): string {
  const extra = Array.from(
    { length: extraKeys },
    (_, i) => `option_${i} = value number ${i} of the metadata`,
  );
  return [
    '# project metadata',
    '[metadata]',
    'name = skyview',
    'author = The Skyview Developers',
    'license = BSD 3-Clause License',
    'description = Tools to look at the sky from a terminal',
    ...extra,
    '',
    '[options]',
    'python_requires = >=3.9',
    'install_requires =',
    '    numpy>=1.22',
    '    pyerfa>=2.0',
    '    packaging>=19.0',
    '',
    '[tool:pytest]',
    'testpaths = "skyview" "docs"',
    'filterwarnings =',
    '    error',
    '    ignore:unclosed file:ResourceWarning',
    '',
    '; flake8 reads this too',
    '[flake8]',
    'max-line-length = 100',
    'exclude = extern,*parsetab.py',
  ].join('\n');
}

describe('INI-family configuration', () => {
  it('reads sections, continuation lines as lists and quoted values', () => {
    const value = parseIni(setupCfg(), { strict: true });
    expect(value).toMatchObject({
      metadata: { name: 'skyview', license: 'BSD 3-Clause License' },
      options: {
        python_requires: '>=3.9',
        install_requires: ['numpy>=1.22', 'pyerfa>=2.0', 'packaging>=19.0'],
      },
      'tool:pytest': {
        testpaths: '"skyview" "docs"',
        filterwarnings: ['error', 'ignore:unclosed file:ResourceWarning'],
      },
      flake8: { 'max-line-length': '100' },
    });
  });

  it('reads dotenv and bare flags when the path says INI', () => {
    expect(parseStructured('export API_URL="http://localhost:8080"\nDEBUG=1\n', '.env.local')).toEqual({
      format: 'ini',
      value: { API_URL: 'http://localhost:8080', DEBUG: '1' },
    });
    expect(parseStructured('[mysqld]\nskip-external-locking\nport = 3306\n', 'my.cnf')).toEqual({
      format: 'ini',
      value: { mysqld: { 'skip-external-locking': true, port: '3306' } },
    });
  });

  it('needs sections and no stray line without a path that says INI', () => {
    expect(parseStructured(setupCfg())?.format).toBe('ini');
    expect(parseStructured('name = a\nversion = b\n')).toBeUndefined();
    expect(
      parseIni('[note]\nThe build failed twice today.\nkey = value\n', { strict: true }),
    ).toBeUndefined();
    expect(detectDataFormat(setupCfg())).toBe('ini');
    expect(detectDataFormat('[INFO] starting\nkey: value\nmore text here\n')).toBeUndefined();
  });

  it('sets keys named __proto__ as data, never on the prototype', () => {
    const value = parseIni('[__proto__]\npolluted = yes\n[a]\n__proto__ = x\n', { strict: true });
    expect(Object.getOwnPropertyNames(value)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('summarises as INI: every section, first keys with values, the rest by name', () => {
    const text = setupCfg(40);
    const result = compressStructured(text, { path: 'setup.cfg' });
    expect(result.helped).toBe(true);
    expect(result.note).toBe('ini: object with 4 keys');
    for (const header of ['[metadata]', '[options]', '[tool:pytest]', '[flake8]'])
      expect(result.text).toContain(header);
    expect(result.text).toContain('name = skyview');
    expect(result.text).toMatch(/… \d+ more keys: /);
    expect(result.text.length).toBeLessThanOrEqual(Math.max(text.length * 0.25, 320));
  });

  it('keeps the key of a kept term at every level', () => {
    const result = compressStructured(setupCfg(40), { path: 'setup.cfg', keep: ['option_37'] });
    expect(result.text).toContain('option_37 = value number 37 of the metadata');
  });

  it('does not read its own summary back as a config file', () => {
    const summary = compressStructured(setupCfg(40), { path: 'setup.cfg' }).text;
    expect(parseIni(summary, { strict: false })).toBeUndefined();
    expect(compressStructured(summary, { path: 'setup.cfg' }).helped).toBe(false);
  });

  it('classifies config dotfiles and .env variants by name', () => {
    for (const path of ['.editorconfig', 'tox.ini', '.flake8', 'repo/.env.example', 'app.properties'])
      expect(
        classify('[*]\nindent_style = space\n', {
          role: 'user',
          blockType: 'tool_result',
          toolName: 'Read',
          path,
        }),
      ).toBe('structured');
    expect(languageOfPath('.gitmodules')).toBe('ini');
  });
});

/** A .gitignore in the shape of the common templates: groups under comments, a few negations. */
function gitignore(): string {
  const group = (comment: string, patterns: string[]): string => [`# ${comment}`, ...patterns, ''].join('\n');
  return [
    group('Byte-compiled / optimized / DLL files', ['__pycache__/', '*.py[cod]', '*$py.class']),
    group(
      'Distribution / packaging:',
      Array.from({ length: 18 }, (_, i) => `build-${i}/`),
    ),
    group('Unit test / coverage reports', [
      'htmlcov/',
      '.tox/',
      '.coverage',
      '.pytest_cache/',
      'coverage.xml',
    ]),
    group('Environments', ['.env', '.venv', 'env/', 'venv/']),
    group('IDE', ['.vscode/*', '!.vscode/settings.json', '.idea/']),
    group('Project', ['/data/raw/', '/models/*.pt', '!/models/baseline.pt']),
  ].join('\n');
}

describe('ignore files', () => {
  it('knows ignore files by name', () => {
    for (const path of ['.gitignore', 'web/.dockerignore', '.npmignore', 'C:\\repo\\.prettierignore'])
      expect(isIgnoreFile(path)).toBe(true);
    for (const path of ['gitignore.md', '.gitattributes', 'src/ignore.ts', undefined])
      expect(isIgnoreFile(path)).toBe(false);
    expect(
      classify(gitignore(), { role: 'user', blockType: 'tool_result', toolName: 'Read', path: '.gitignore' }),
    ).toBe('structured');
  });

  it('counts patterns and groups, and shows every negation at any level', () => {
    const out = summarizeIgnore(gitignore(), 0)!;
    expect(out.split('\n')[0]).toBe('ignore file: 36 patterns in 6 groups, 2 negated');
    expect(out).toContain('# Distribution / packaging: 18 patterns');
    expect(out).toContain('!.vscode/settings.json');
    expect(out).toContain('!/models/baseline.pt');
  });

  it('shows whole groups when the target allows, the first patterns when not', () => {
    const text = gitignore();
    expect(summarizeIgnore(text, 10_000)).toContain(
      '# Project: /data/raw/ /models/*.pt !/models/baseline.pt',
    );
    const mid = summarizeIgnore(text, 520)!;
    expect(mid.length).toBeLessThanOrEqual(520);
    expect(mid).toContain('# Distribution / packaging: build-0/ build-1/');
    expect(mid).toMatch(/build-\d+\/ … \d+ more/);
  });

  it('stays short and fast on a hostile file of 100,000 patterns, half of them negated', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? `!keep_${i}` : `drop_${i}/`)).join('\n');
    const started = performance.now();
    const out = summarizeIgnore(text, 1_000)!;
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(out.length).toBeLessThan(2_000);
    expect(out.split('\n')[0]).toBe('ignore file: 100,000 patterns in 1 group, 50,000 negated');
    // 4 negations shown in their group, 40 listed apart, the rest counted.
    expect(out).toMatch(/\nnegated: !keep_9 !keep_11 .* … 49,956 more$/);
  });

  it('summarises a read .gitignore, and leaves a short one alone', () => {
    const read = gitignore()
      .split('\n')
      .map((line, i) => `${String(i + 1).padStart(6)}→${line}`)
      .join('\n');
    const result = compressStructured(read, { path: '/repo/.gitignore' });
    expect(result).toMatchObject({ helped: true, note: 'ignore file; line numbers dropped' });
    expect(result.text.length).toBeLessThan(read.length / 2);
    expect(compressStructured('node_modules\ndist/\n', { path: '.gitignore' }).helped).toBe(false);
  });
});
