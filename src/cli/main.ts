// The CLI's process entry (bin/gardener). It only picks the bundle to load (scripts/bundle-cli.mjs):
// `gardener recall` has a bundle of its own, its whole path in one or two files, because the ESM
// loader's cost per file was most of its start-up; every other command loads the CLI's bundle,
// which loads each command's chunks only when named. `--version` loads neither.

/** `gardener --version` alone answers before the commands are loaded: it is what scripts call most. */
const VERSION_ONLY: ReadonlySet<string> = new Set(['--version', '-v']);
const args = process.argv.slice(2);

if (args.length === 1 && VERSION_ONLY.has(args[0] as string)) {
  const { packageVersion } = await import('../doors/kit/cli/version.js');
  process.stdout.write(`${packageVersion()}\n`);
  process.exitCode = 0;
} else if (args[0] === 'recall') await import('./recall-process.js');
else {
  if (args[0] === 'compress') (await import('./batch-heap.js')).sizeHeapForBatch();
  await import('./process.js');
}
