//! Canonical JSON (RFC 8785, JCS): one byte sequence for one JSON value, so
//! an approval binds the exact arguments and an audit row's hash is stable.
//!
//! Object keys are sorted by their UTF-16 code units, strings use the
//! minimal escaping of RFC 8785 §3.2.2.2, and numbers are written as
//! ECMAScript's `Number.prototype.toString` writes them.

use serde_json::Value;

/// The canonical form of `v`.
pub fn to_canonical_string(v: &Value) -> String {
    let mut out = String::new();
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
            let mut entries: Vec<(&String, &Value)> = o.iter().collect();
            entries.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
            out.push('{');
            for (i, (k, x)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(k, out);
                out.push(':');
                write_value(x, out);
            }
            out.push('}');
        }
    }
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

/// Writes `s` as an RFC 8785 string. Runs of characters that need no
/// escape are copied whole: audit payloads are mostly such runs.
pub fn write_string(s: &str, out: &mut String) {
    out.push('"');
    let mut plain = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            b'\t' => "\\t",
            b'\n' => "\\n",
            0x0c => "\\f",
            b'\r' => "\\r",
            0..0x20 => "",
            _ => continue,
        };
        // Every byte matched above is ASCII, so `i` is a char boundary.
        out.push_str(&s[plain..i]);
        if escape.is_empty() {
            out.push_str(&format!("\\u{b:04x}"));
        } else {
            out.push_str(escape);
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
