import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compressError, MIN_ERROR_CHARS } from '../../../../src/core/compress/error/index.js';
import { libraryNames, parseTrace, type Frame } from '../../../../src/core/compress/error/frames.js';
import { isLibraryLine } from '../../../../src/core/compress/error/library.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../fixtures/compress/error/${name}`, import.meta.url), 'utf8');

describe('compressError', () => {
  it('Python: keeps both exceptions and the chain line, keeps project frames, folds site-packages and <frozen> frames', () => {
    const original = fixture('python-chained.txt');
    const summary = compressError(original);
    expect(summary.helped).toBe(true);
    expect(summary.text.length).toBeLessThan(original.length * 0.75);
    expect(summary.text).toContain('sqlite3.OperationalError: no such table: shop_product');
    expect(summary.text).toContain('The above exception was the direct cause of the following exception:');
    expect(summary.text).toContain('django.db.utils.OperationalError: no such table: shop_product');
    expect(summary.text).toContain(
      'File "/home/dev/shop/reproduce.py", line 42, in <module>\n    product.save()',
    );
    expect(summary.text).toContain('File "/home/dev/shop/shop/models.py", line 88, in save');
    expect(summary.text).toContain('[… 2 library frames: django]');
    expect(summary.text).toContain('[… 7 library frames: django, importlib._bootstrap]');
    expect(summary.text).not.toContain('site-packages');
    expect(summary.note).toBe('error: 2 project frames kept, 9 library frames folded');
  });

  it('Node: keeps the message, the [cause] and project frames; folds node:internal and node_modules', () => {
    const summary = compressError(fixture('node.txt'));
    expect(summary.text).toContain('Error: cannot load config from /home/dev/api/config.json');
    expect(summary.text).toContain('  [cause]: SyntaxError: Unexpected token } in JSON at position 112');
    expect(summary.text).toContain('at loadConfig (/home/dev/api/src/config.ts:27:11)');
    expect(summary.text).toContain('at loadConfig (/home/dev/api/src/config.ts:22:19)');
    expect(summary.text).toMatch(/\[… \d+ library frames: node:internal\]/);
    expect(summary.text).toContain('[… 3 library frames: json5-lite]');
    expect(summary.text).toContain('Node.js v20.11.1');
  });

  it('Java: keeps every Caused by, project frames and "... N more", folds platform and framework frames', () => {
    const summary = compressError(fixture('java.txt'));
    expect(summary.text).toContain(
      'Exception in thread "main" java.lang.IllegalStateException: Failed to load ApplicationContext',
    );
    expect(summary.text).toContain(
      "Caused by: org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'orderRepository'",
    );
    expect(summary.text).toContain(
      "Caused by: java.sql.SQLException: Access denied for user 'shop'@'localhost'",
    );
    expect(summary.text).toContain('at com.acme.shop.OrderServiceTest.setUp(OrderServiceTest.java:41)');
    expect(summary.text).toContain('... 25 more');
    expect(summary.text).not.toContain('java.base/');
  });

  it('Go: keeps the panic and the main goroutine, folds runtime and standard library goroutines', () => {
    const summary = compressError(fixture('go-panic.txt'));
    expect(summary.text).toContain('panic: runtime error: index out of range [5] with length 3');
    expect(summary.text).toContain(
      'main.(*Inventory).Take(0xc000012345, 0x5)\n\t/home/dev/inventory/store.go:48 +0x1d',
    );
    expect(summary.text).toContain('/home/dev/inventory/main.go:15 +0x5b');
    expect(summary.text).not.toContain('/usr/local/go/src');
    expect(summary.text).toContain('exit status 2');
  });

  it('Rust: keeps the panic message and project frames with their locations, folds std and core', () => {
    const summary = compressError(fixture('rust-panic.txt'));
    expect(summary.text).toContain("thread 'main' panicked at src/inventory.rs:48:21:");
    expect(summary.text).toContain('index out of bounds: the len is 3 but the index is 5');
    expect(summary.text).toContain(
      '   3: shop::inventory::Inventory::take\n             at ./src/inventory.rs:48:21',
    );
    expect(summary.text).toContain('[… 3 library frames: core]');
    expect(summary.text).not.toContain('/rustc/');
  });

  it('keeps the caret line of the frame that raised, drops the others', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "/app/main.py", line 3, in <module>',
      '    run()',
      '    ^^^^^',
      '  File "/app/job.py", line 9, in run',
      '    return 1 / count',
      '           ~~^~~~~~~',
      'ZeroDivisionError: division by zero',
      ...Array.from({ length: 6 }, (_, i) => `  File "/usr/lib/python3.11/x${i}.py", line ${i}, in f`),
    ].join('\n');
    const summary = compressError(`${trace}\nRuntimeError: wrapped`);
    expect(summary.text).not.toContain('    ^^^^^');
    expect(summary.text).toContain('           ~~^~~~~~~');
  });

  it('collapses a recursion of identical frames', () => {
    const frame = '  File "/app/tree.py", line 12, in walk\n    return walk(node.child)';
    const trace = `Traceback (most recent call last):\n${Array.from({ length: 30 }, () => frame).join('\n')}\nRecursionError: maximum recursion depth exceeded`;
    const summary = compressError(trace);
    expect(summary.text.match(/in walk/g)).toHaveLength(1);
    expect(summary.text).toContain('[previous frame repeated ×29]');
    expect(summary.text).toContain('RecursionError: maximum recursion depth exceeded');
  });

  it('keeps source lines under the first frame and the one that raised, not under the frames between', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "/srv/ledger/report.py", line 30, in <module>',
      '    totals = build_totals(rows)',
      '  File "/srv/ledger/ledger/totals.py", line 12, in build_totals',
      '    return [line_total(row) for row in rows]',
      '  File "/srv/ledger/ledger/totals.py", line 12, in <listcomp>',
      '    return [line_total(row) for row in rows]',
      '  File "/srv/ledger/ledger/totals.py", line 20, in line_total',
      '    return row.net + vat(row.net)',
      '  File "/srv/ledger/ledger/tax.py", line 8, in vat',
      '    return amount * RATES[region]',
      "KeyError: 'NI'",
    ].join('\n');
    const summary = compressError(trace);
    expect(summary.helped).toBe(true);
    expect(summary.text).toContain(
      'File "/srv/ledger/report.py", line 30, in <module>\n    totals = build_totals(rows)',
    );
    expect(summary.text).toContain(
      'File "/srv/ledger/ledger/tax.py", line 8, in vat\n    return amount * RATES[region]\nKeyError',
    );
    expect(summary.text).toContain(
      '  File "/srv/ledger/ledger/totals.py", line 12, in build_totals\n  File "/srv/ledger/ledger/totals.py", line 12, in <listcomp>\n  File "/srv/ledger/ledger/totals.py", line 20, in line_total\n  File',
    );
    expect(summary.text).not.toContain('row.net + vat(row.net)');
  });

  it('shows frames a chained trace repeats from the trace above once', () => {
    const inner = [
      '  File "/srv/shop/shop/db.py", line 40, in execute',
      '    return self.cursor.execute(sql, params)',
      '  File "/srv/shop/shop/db.py", line 52, in _run',
      '    return cursor.execute(sql)',
    ];
    const trace = [
      'Traceback (most recent call last):',
      ...inner,
      'sqlite3.OperationalError: no such table: shop_product',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'Traceback (most recent call last):',
      '  File "/srv/shop/reproduce.py", line 9, in <module>',
      '    product.save()',
      '  File "/srv/shop/shop/models.py", line 88, in save',
      '    self.db.execute(INSERT, self.values())',
      ...inner,
      'shop.db.OperationalError: no such table: shop_product',
    ].join('\n');
    const summary = compressError(trace);
    expect(summary.text.match(/shop\/db\.py", line 40/g)).toHaveLength(1);
    expect(summary.text).toContain(
      '  [… 2 frames as above]\nshop.db.OperationalError: no such table: shop_product',
    );
    expect(summary.text).toContain('sqlite3.OperationalError: no such table: shop_product');
    expect(summary.text).toContain('File "/srv/shop/shop/models.py", line 88, in save');
  });

  it('shows identical output lines around a trace once with their count', () => {
    const trace = [
      ...Array.from({ length: 4 }, () => 'DEBUG: waiting 0.5s for the lock on ledger.db'),
      'DEBUG: gave up after 2.0s',
      'Traceback (most recent call last):',
      '  File "/srv/ledger/sync.py", line 14, in <module>',
      '    acquire(lock)',
      'TimeoutError: could not lock ledger.db',
    ].join('\n');
    const summary = compressError(trace);
    expect(summary.text.split('\n').slice(0, 2)).toEqual([
      'DEBUG: waiting 0.5s for the lock on ledger.db [×4]',
      'DEBUG: gave up after 2.0s',
    ]);
    expect(summary.text).toContain('TimeoutError: could not lock ledger.db');
  });

  it('leaves short errors and errors with nothing to fold unchanged', () => {
    const short = 'E'.repeat(MIN_ERROR_CHARS - 1);
    expect(compressError(short)).toMatchObject({ text: short, helped: false });
    const projectOnly = `Traceback (most recent call last):\n  File "/app/main.py", line 3, in <module>\n    main()\n  File "/app/main.py", line 1, in main\n    raise ValueError("the configured discount rate must be between zero and one, got 1.5 from settings.toml")\nValueError: the configured discount rate must be between zero and one, got 1.5 from settings.toml`;
    expect(compressError(projectOnly)).toMatchObject({ text: projectOnly, helped: false });
  });
});

describe('trace parsing', () => {
  it('groups a Python frame with its source line and tells library frames apart', () => {
    const items = parseTrace([
      'Traceback (most recent call last):',
      '  File "/app/a.py", line 1, in f',
      '    g()',
      '  File "/venv/lib/python3.11/site-packages/lib/b.py", line 2, in g',
      '    h()',
      'KeyError: 1',
    ]);
    const frames = items.filter((item): item is Frame => item.kind === 'frame');
    expect(frames.map((frame) => [frame.lines.length, frame.library])).toEqual([
      [2, false],
      [2, true],
    ]);
    expect(libraryNames(frames.filter((frame) => frame.library))).toEqual(['lib']);
  });

  it('knows library code of each runtime', () => {
    expect(isLibraryLine('  File "<frozen importlib._bootstrap>", line 1027, in _find_and_load')).toBe(true);
    expect(isLibraryLine('    at Module._compile (node:internal/modules/cjs/loader:1256:14)')).toBe(true);
    expect(isLibraryLine('    at x (/app/node_modules/react/index.js:1:1)')).toBe(true);
    expect(isLibraryLine('\tat java.base/java.lang.Thread.run(Thread.java:833)')).toBe(true);
    expect(isLibraryLine('   1: core::panicking::panic_fmt')).toBe(true);
    expect(isLibraryLine('\t/usr/local/go/src/runtime/panic.go:770 +0x132')).toBe(true);
    expect(isLibraryLine('  File "/testbed/django/db/models/base.py", line 814, in save')).toBe(false);
    expect(isLibraryLine('    at loadConfig (/home/dev/api/src/config.ts:27:11)')).toBe(false);
  });
});
