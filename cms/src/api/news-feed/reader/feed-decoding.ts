/**
 * Decoding a feed's bytes: the HTTP charset, else the XML declaration, else UTF-8. A byte-order mark outranks both, as
 * in every XML parser. Labels are resolved by the platform's TextDecoder (WHATWG Encoding: windows-1251,
 * gb2312/gbk/gb18030, iso-8859-x, koi8-r, shift_jis, big5, ...; iso-8859-1 is read as its superset
 * windows-1252). An unknown label falls through to the next source. A body that is not valid UTF-8 and
 * declares nothing is read as windows-1252, the most common undeclared legacy encoding in feeds.
 */

/** The charset parameter of a Content-Type header, if any. */
function charsetOfContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  for (const part of contentType.split(';').slice(1)) {
    const [name, ...rest] = part.split('=');
    if (name.trim().toLowerCase() === 'charset') {
      const value = rest
        .join('=')
        .trim()
        .replace(/^["']|["']$/g, '');
      return value || null;
    }
  }
  return null;
}

/** The encoding named by the XML declaration at the start of the body, if any. */
function charsetOfXmlDeclaration(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1');
  const declaration = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return declaration ? declaration[1] : null;
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim());
  } catch {
    return null;
  }
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

interface DecodedFeed {
  text: string;
  encoding: string;
}

export function decodeFeed(bytes: Uint8Array, contentType?: string | null): DecodedFeed {
  const declared = decoderFor(bomEncoding(bytes)) ?? decoderFor(charsetOfContentType(contentType)) ?? decoderFor(charsetOfXmlDeclaration(bytes));
  if (declared) return { text: declared.decode(bytes), encoding: declared.encoding };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
