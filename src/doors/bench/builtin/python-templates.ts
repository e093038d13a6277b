import type { PyDomain } from './python.js';
import type { Rng } from './random.js';

/** Makes one function of a generated module: its name and lines. */
export type Template = (rng: Rng, d: PyDomain) => { name: string; lines: string[] };

/** Function shapes a generated Python module is made of. */
export const PY_TEMPLATES: Template[] = [
  (rng, d) => {
    const f = rng.pick(d.labels);
    const g = rng.pick(d.amounts);
    return {
      name: `validate_${d.noun}_${f}`,
      lines: [
        `def validate_${d.noun}_${f}(${d.noun}: ${d.type}) -> None:`,
        `    """Raise ValidationError when the ${d.noun} cannot be booked."""`,
        `    if not ${d.noun}.${f}:`,
        `        raise ValidationError(f"${d.noun} {${d.noun}.id} has no ${f}")`,
        `    if ${d.noun}.${g} < 0:`,
        `        raise ValidationError(f"negative ${g} on ${d.noun} {${d.noun}.id}: {${d.noun}.${g}}")`,
        `    log.debug("validated %s %s", "${d.noun}", ${d.noun}.id)`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    return {
      name: `total_${g}`,
      lines: [
        `def total_${g}(items: Iterable[${d.type}]) -> Decimal:`,
        `    """Sum of ${g} over items, rounded half-up to the cent."""`,
        `    total = Decimal("0")`,
        `    for item in items:`,
        `        if item.cancelled:`,
        `            continue`,
        `        total += item.${g}`,
        `    return total.quantize(CENT, rounding=ROUND_HALF_UP)`,
      ],
    };
  },
  (rng, d) => {
    const f = rng.pick(d.labels);
    return {
      name: `index_by_${f}`,
      lines: [
        `def index_by_${f}(items: Iterable[${d.type}]) -> dict[str, list[${d.type}]]:`,
        `    """Group items by ${f}; items without one go under "unknown"."""`,
        `    index: dict[str, list[${d.type}]] = {}`,
        `    for item in items:`,
        `        key = (item.${f} or "unknown").strip().lower()`,
        `        index.setdefault(key, []).append(item)`,
        `    return index`,
      ],
    };
  },
  (rng, d) => {
    const fields = rng.sample([...d.labels, ...d.amounts], 4);
    return {
      name: `${d.noun}_from_row`,
      lines: [
        `def ${d.noun}_from_row(row: Mapping[str, str]) -> ${d.type}:`,
        `    """Build a ${d.type} from one CSV/JSON row; amounts are parsed as Decimal."""`,
        `    try:`,
        `        return ${d.type}(`,
        `            id=int(row["id"]),`,
        ...fields.map((f) =>
          d.amounts.includes(f)
            ? `            ${f}=Decimal(row["${f}"]),`
            : `            ${f}=row.get("${f}", "").strip(),`,
        ),
        `        )`,
        `    except (KeyError, ValueError) as exc:`,
        `        raise ImportError_(f"bad ${d.noun} row {row!r}") from exc`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    const f = rng.pick(d.labels);
    const width = rng.int(24, 40);
    return {
      name: `format_${d.noun}_line`,
      lines: [
        `def format_${d.noun}_line(${d.noun}: ${d.type}, currency: str = "EUR") -> str:`,
        `    """One line for the text report: ${f}, padded, then ${g} right-aligned."""`,
        `    label = (${d.noun}.${f} or "-")[:${width}]`,
        `    amount = f"{${d.noun}.${g}:,.2f}"`,
        `    return f"{label:<${width}} {amount:>14} {currency}"`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    const limit = rng.pick(['1000', '5000', '10000', '25000']);
    return {
      name: `needs_review`,
      lines: [
        `def needs_review(${d.noun}: ${d.type}, threshold: Decimal = Decimal("${limit}")) -> bool:`,
        `    """Large or foreign ${d.noun}s go to manual review before export."""`,
        `    if ${d.noun}.${g} >= threshold:`,
        `        return True`,
        `    if ${d.noun}.country not in DOMESTIC:`,
        `        log.info("foreign ${d.noun} %s flagged for review", ${d.noun}.id)`,
        `        return True`,
        `    return False`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    return {
      name: `split_${g}`,
      lines: [
        `def split_${g}(amount: Decimal, parts: int) -> list[Decimal]:`,
        `    """Split an amount into parts that add up exactly (the remainder goes to the first parts)."""`,
        `    if parts <= 0:`,
        `        raise ValueError("parts must be positive")`,
        `    cents = int((amount * 100).to_integral_value(rounding=ROUND_HALF_UP))`,
        `    base, remainder = divmod(cents, parts)`,
        `    return [Decimal(base + (1 if i < remainder else 0)) / 100 for i in range(parts)]`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    return {
      name: `sort_by_${g}`,
      lines: [
        `def sort_by_${g}(items: Iterable[${d.type}], descending: bool = True) -> list[${d.type}]:`,
        `    """Items ordered by ${g}; ties keep their id order so reports are stable."""`,
        `    return sorted(items, key=lambda item: (-item.${g} if descending else item.${g}, item.id))`,
      ],
    };
  },
  (rng, d) => {
    const f = rng.pick(d.labels);
    return {
      name: `normalize_${f}`,
      lines: [
        `def normalize_${f}(value: str) -> str:`,
        `    """Canonical form of a ${f}: trimmed, single spaces, upper-case country prefixes."""`,
        `    value = " ".join(value.split())`,
        `    if len(value) > 2 and value[:2].isalpha() and value[2:3].isdigit():`,
        `        value = value[:2].upper() + value[2:]`,
        `    return value`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    const rate = rng.pick(['1.0842', '0.8571', '11.4730', '4.3120', '7.4581']);
    return {
      name: `convert_${g}`,
      lines: [
        `def convert_${g}(${d.noun}: ${d.type}, rates: Mapping[str, Decimal]) -> Decimal:`,
        `    """${g} in EUR using the month's reference rates (falls back to ${rate} for unknown currencies)."""`,
        `    rate = rates.get(getattr(${d.noun}, "currency_code", "EUR"), Decimal("${rate}"))`,
        `    if rate <= 0:`,
        `        raise ValueError(f"non-positive rate {rate} for ${d.noun} {${d.noun}.id}")`,
        `    return (${d.noun}.${g} / rate).quantize(CENT, rounding=ROUND_HALF_UP)`,
      ],
    };
  },
  (rng, d) => {
    const fields = rng.sample([...d.labels, ...d.amounts], 3);
    return {
      name: `${d.noun}_to_dict`,
      lines: [
        `def ${d.noun}_to_dict(${d.noun}: ${d.type}) -> dict[str, object]:`,
        `    """JSON-ready form; Decimals become strings so no precision is lost."""`,
        `    return {`,
        `        "id": ${d.noun}.id,`,
        ...fields.map((f) =>
          d.amounts.includes(f) ? `        "${f}": str(${d.noun}.${f}),` : `        "${f}": ${d.noun}.${f},`,
        ),
        `        "country": ${d.noun}.country,`,
        `        "tags": sorted(${d.noun}.tags),`,
        `    }`,
      ],
    };
  },
  (rng, d) => {
    const g = rng.pick(d.amounts);
    const size = rng.pick([50, 100, 250, 500]);
    return {
      name: `chunk_${d.noun}s`,
      lines: [
        `def chunk_${d.noun}s(items: list[${d.type}], size: int = ${size}) -> Iterable[list[${d.type}]]:`,
        `    """Batches for the upload API, which rejects requests over ${size} records."""`,
        `    for start in range(0, len(items), size):`,
        `        batch = items[start : start + size]`,
        `        log.debug("batch %d: %d ${d.noun}s, ${g} %s", start // size, len(batch), sum(i.${g} for i in batch))`,
        `        yield batch`,
      ],
    };
  },
  (rng, d) => {
    const f = rng.pick(d.labels);
    return {
      name: `find_duplicate_${f}s`,
      lines: [
        `def find_duplicate_${f}s(items: Iterable[${d.type}]) -> list[tuple[str, list[int]]]:`,
        `    """${f} values used by more than one ${d.noun}, with the ids that share them."""`,
        `    seen: dict[str, list[int]] = {}`,
        `    for item in items:`,
        `        if item.${f}:`,
        `            seen.setdefault(item.${f}, []).append(item.id)`,
        `    return [(key, ids) for key, ids in sorted(seen.items()) if len(ids) > 1]`,
      ],
    };
  },
];
