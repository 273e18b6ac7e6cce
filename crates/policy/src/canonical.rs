//! Canonical JSON (RFC 8785, JCS): one byte sequence for one JSON value, so
//! an approval binds the exact arguments and an audit row's hash is stable.
//!
//! Object keys are sorted by their UTF-16 code units, strings use the
//! minimal escaping of RFC 8785 §3.2.2.2, and numbers are written as
//! ECMAScript's `Number.prototype.toString` writes them.

use serde_json::Value;

/// The canonical form of `v`.
pub fn to_canonical_string(v: &Value) -> String {
    // An audit payload's size: most values need no reallocation.
    let mut out = String::with_capacity(384);
    write_value(v, &mut out);
    out
}

/// Appends the canonical form of `v` to `out`.
pub fn write_value(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(n) => write_number(n, out),
        Value::String(s) => write_string(s, out),
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(x, out);
            }
            out.push(']');
        }
        Value::Object(o) => {
            // serde_json's map iterates in byte order, which is UTF-16
            // order unless a key holds a character past U+FFFF: sorting
            // only when the order is wrong spares every audit row a sort.
            let in_order = o
                .keys()
                .zip(o.keys().skip(1))
                .all(|(a, b)| utf16_order(a, b).is_lt());
            if in_order {
                write_entries(o.iter(), out);
            } else {
                let mut entries: Vec<(&String, &Value)> = o.iter().collect();
                entries.sort_by(|a, b| utf16_order(a.0, b.0));
                write_entries(entries.into_iter(), out);
            }
        }
    }
}

fn utf16_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

fn write_entries<'a>(entries: impl Iterator<Item = (&'a String, &'a Value)>, out: &mut String) {
    out.push('{');
    for (i, (k, x)) in entries.enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(k, out);
        out.push(':');
        write_value(x, out);
    }
    out.push('}');
}

fn write_number(n: &serde_json::Number, out: &mut String) {
    if let Some(i) = n.as_i64() {
        if i.unsigned_abs() <= (1u64 << 53) {
            out.push_str(&i.to_string());
            return;
        }
    } else if let Some(u) = n.as_u64()
        && u <= (1u64 << 53)
    {
        out.push_str(&u.to_string());
        return;
    }
    // Beyond 2^53 (or fractional) a JSON number is an IEEE double in JCS.
    let f = n.as_f64().unwrap_or(f64::NAN);
    if f.is_finite() {
        out.push_str(ryu_js::Buffer::new().format_finite(f));
    } else {
        out.push_str("null");
    }
}

/// What each byte becomes in an RFC 8785 string: 0 for itself, `u` for
/// `\u00XX`, any other for that letter after a backslash.
const ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = b'u';
        b += 1;
    }
    t[0x08] = b'b';
    t[b'\t' as usize] = b't';
    t[b'\n' as usize] = b'n';
    t[0x0c] = b'f';
    t[b'\r' as usize] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

/// Writes `s` as an RFC 8785 string. Runs of characters that need no
/// escape are copied whole: audit payloads are mostly such runs.
pub fn write_string(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    let mut plain = 0;
    for (i, &b) in s.as_bytes().iter().enumerate() {
        let escape = ESCAPE[usize::from(b)];
        if escape == 0 {
            continue;
        }
        // Every byte escaped is ASCII, so `i` is a char boundary.
        out.push_str(&s[plain..i]);
        out.push('\\');
        if escape == b'u' {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xf)]));
        } else {
            out.push(char::from(escape));
        }
        plain = i + 1;
    }
    out.push_str(&s[plain..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_are_sorted_and_whitespace_dropped() {
        let v = json!({"b": [1, {"z": null, "a": true}], "a": "x"});
        assert_eq!(
            to_canonical_string(&v),
            r#"{"a":"x","b":[1,{"a":true,"z":null}]}"#
        );
    }

    #[test]
    fn rfc8785_numbers() {
        let v: Value = serde_json::from_str(
            "[333333333.33333329, 1E30, 4.50, 2e-3, 0.000001, 1e-7, -0, 1e21, 100]",
        )
        .unwrap();
        assert_eq!(
            to_canonical_string(&v),
            "[333333333.3333333,1e+30,4.5,0.002,0.000001,1e-7,0,1e+21,100]"
        );
    }

    #[test]
    fn strings_escape_exactly_what_rfc8785_escapes() {
        // The char-at-a-time writer this one replaced, as the reference.
        fn reference(s: &str) -> String {
            let mut out = String::from('"');
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\u{8}' => out.push_str("\\b"),
                    '\t' => out.push_str("\\t"),
                    '\n' => out.push_str("\\n"),
                    '\u{c}' => out.push_str("\\f"),
                    '\r' => out.push_str("\\r"),
                    c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }
        for s in [
            "",
            "plain",
            "\"",
            "a\"b\\c",
            "\u{0}\u{1}\u{1f}\u{7f} end",
            "tab\tnl\ncr\rff\u{c}bs\u{8}",
            "é€😀\n😀",
            "\\\\\"\"",
            "ends with escape\n",
            &(0u8..0x80).map(char::from).collect::<String>(),
        ] {
            let mut out = String::new();
            write_string(s, &mut out);
            assert_eq!(out, reference(s), "{s:?}");
            // And it is the JSON string serde reads back.
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s);
        }
    }

    #[test]
    fn rfc8785_strings_and_utf16_key_order() {
        let v = json!({"\u{20ac}": "Euro", "\r": "cr", "1": "one", "\u{1f600}": "smile", "\u{80}": "ctrl", "\u{fb33}": "hebrew"});
        // RFC 8785 §3.2.3's sample: sorted by UTF-16 code units.
        assert_eq!(
            to_canonical_string(&v),
            "{\"\\r\":\"cr\",\"1\":\"one\",\"\u{80}\":\"ctrl\",\"\u{20ac}\":\"Euro\",\"\u{1f600}\":\"smile\",\"\u{fb33}\":\"hebrew\"}"
        );
        assert_eq!(
            to_canonical_string(&json!("a\u{1}\u{7f}\"\\/")),
            "\"a\\u0001\u{7f}\\\"\\\\/\""
        );
    }
}
