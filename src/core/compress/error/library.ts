/**
 * Library, framework and runtime code, as opposed to the project's own: installed packages,
 * standard libraries, interpreter internals. Frames there are folded; project frames are kept.
 */
const LIBRARY_PATH =
  /(?:^|[\s("'/\\])(?:site-packages|dist-packages|node_modules|\.cargo[/\\]registry|\.rustup|\.m2[/\\]repository|\.gradle[/\\]caches|go[/\\]pkg[/\\]mod|vendor[/\\]bundle|\.venv[/\\]lib|venv[/\\]lib)[/\\]|\/lib\/python\d(?:\.\d+)?\/|\/usr\/(?:local\/)?lib\/|\/usr\/local\/go\/src\/|\/rustc\/[0-9a-f]+\/|<frozen [\w.]+>|\bnode:internal\b|(?:^|\()internal\/[\w/]+\.js|\bnode:[\w/]+|\[native code\]|\(native\)|\(<anonymous>\)|\(Native Method\)|\/library\/(?:std|core|alloc)\/src\//;

/** Java/Kotlin/Scala packages of the platform and of common frameworks. */
const LIBRARY_PACKAGE =
  /^\s*at (?:[\w$]+\/)?(?:java|javax|jdk|sun|com\.sun|kotlin|kotlinx|scala|org\.junit|junit|org\.apache|org\.springframework|org\.gradle|org\.eclipse|org\.hibernate|org\.mockito|io\.netty|reactor|akka|worker\.org\.gradle|org\.testng|net\.bytebuddy|com\.google\.common|org\.jetbrains)\./;

/** Rust and Go runtime frames named by symbol rather than path. */
const RUNTIME_SYMBOL =
  /^\s*\d+: (?:0x[0-9a-f]+ - )?(?:std::|core::|alloc::|rust_begin_unwind|__rust|_start|__libc_start|test::|<alloc::|<core::|<std::)|^(?:runtime|testing|reflect|syscall)\.[\w.(*)]+\(/;

/** True when a stack frame or location line points into library or runtime code. */
export function isLibraryLine(line: string): boolean {
  return LIBRARY_PATH.test(line) || LIBRARY_PACKAGE.test(line) || RUNTIME_SYMBOL.test(line);
}
