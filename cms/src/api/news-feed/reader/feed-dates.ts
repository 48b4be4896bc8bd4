/**
 * Publication dates as feeds write them.
 *
 * - RFC 822 (RSS), ISO 8601 (Atom, dc:date) and the other forms Date.parse reads are taken as written.
 * - Purely numeric dates such as `08/02/2013 12:00:00` are ambiguous. When one part is above 12 it can
 *   only be the day. Otherwise the feed's language decides: a US feed (language region US, e.g. `en-US`,
 *   `en_us`, `es-US`) writes month first; every other feed, and a feed that names no language, is read day
 *   first, as most of the world writes dates (so the Norfolk schools feed, language `en`, is 8 February).
 *   A numeric date without a zone is taken as UTC.
 * - RFC 822 dates written with another language's day and month names (`Seg, 24 Set 2018 19:42:40 -0300`
 *   from a Brazilian feed) are read through a table of month names in Portuguese, Spanish, French,
 *   German, Italian and Dutch.
 * - A date that cannot be read counts as no date. A date more than a day ahead of now is a feed's mistake
 *   and is treated the same way, so that it cannot pin itself to the top of /news.
 * Items without a usable date take the time the aggregator first saw them (see aggregator.ts).
 */
const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(?:(Z|GMT|UTC)|([+-])(\d{2}):?(\d{2}))?$/i;
const FUTURE_TOLERANCE_MS = 24 * 3600_000;

const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Month names and abbreviations (accents removed, lower case) → month index. */
const MONTH_NAMES: Record<string, number> = Object.fromEntries(
  [
    ['jan', 'janeiro', 'ene', 'enero', 'janv', 'janvier', 'januar', 'gen', 'gennaio', 'januari'],
    ['feb', 'fev', 'fevereiro', 'febrero', 'fevr', 'fevrier', 'februar', 'febbraio', 'februari'],
    ['mar', 'marco', 'marzo', 'mars', 'mar', 'marz', 'mrz', 'mrt', 'maart'],
    ['apr', 'abr', 'abril', 'avr', 'avril', 'april', 'aprile'],
    ['may', 'mai', 'maio', 'mayo', 'mag', 'maggio', 'mei'],
    ['jun', 'junho', 'junio', 'juin', 'juni', 'giu', 'giugno'],
    ['jul', 'julho', 'julio', 'juil', 'juillet', 'juli', 'lug', 'luglio'],
    ['aug', 'ago', 'agosto', 'aout', 'august', 'augustus'],
    ['sep', 'set', 'setembro', 'sept', 'septiembre', 'septembre', 'september', 'settembre'],
    ['oct', 'out', 'outubro', 'octubre', 'octobre', 'okt', 'oktober', 'ott', 'ottobre'],
    ['nov', 'novembro', 'noviembre', 'novembre', 'november'],
    ['dec', 'dez', 'dezembro', 'dic', 'diciembre', 'decembre', 'dezember', 'dicembre', 'december'],
  ].flatMap((names, month) => names.map((name) => [name, month])),
);
const FOREIGN_RFC822 = /^(?:[^\d\s,]+,?\s+)?(\d{1,2})\s+([^\s\d.]+)\.?\s+(\d{2,4})\b(.*)$/;

/** An RFC 822 date with non-English names rewritten in English, or null when it is not one. */
function englishRfc822(text: string): string | null {
  const match = FOREIGN_RFC822.exec(text);
  if (!match) return null;
  const month =
    MONTH_NAMES[
      match[2]
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    ];
  return month === undefined ? null : `${match[1]} ${ENGLISH_MONTHS[month]} ${match[3]}${match[4]}`;
}

/** True when the feed's language names the United States as its region. */
function writesMonthFirst(language: string | undefined | null): boolean {
  if (!language) return false;
  const parts = language.trim().toLowerCase().split(/[-_]/);
  return parts.length > 1 && parts[1] === 'us';
}

function fromNumeric(match: RegExpExecArray, monthFirst: boolean): Date | null {
  const [first, second] = [Number(match[1]), Number(match[2])];
  let day: number;
  let month: number;
  if (first > 12) [day, month] = [first, second];
  else if (second > 12) [month, day] = [first, second];
  else [day, month] = monthFirst ? [second, first] : [first, second];
  let year = Number(match[3]);
  if (match[3].length === 2) year += year < 70 ? 2000 : 1900;
  const [hours, minutes, seconds] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 59) return null;
  let time = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  // Date.UTC rolls 31 February over into March: refuse instead.
  if (new Date(time).getUTCDate() !== day) return null;
  if (match[8]) time -= (match[8] === '-' ? -1 : 1) * (Number(match[9]) * 60 + Number(match[10])) * 60_000;
  return new Date(time);
}

/** The item's publication time, or null when it has none that can be trusted. */
export function parseFeedDate(raw: unknown, language: string | undefined | null, now = Date.now()): Date | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  const text = raw.trim();
  const numeric = NUMERIC_DATE.exec(text);
  let date = numeric ? fromNumeric(numeric, writesMonthFirst(language)) : new Date(text);
  if (date && Number.isNaN(date.getTime())) {
    const english = englishRfc822(text);
    date = english ? new Date(english) : null;
  }
  if (!date || Number.isNaN(date.getTime())) return null;
  if (date.getTime() > now + FUTURE_TOLERANCE_MS) return null;
  return date;
}
