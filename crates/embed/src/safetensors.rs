//! A reader for the safetensors format (an 8-byte little-endian header
//! length, a JSON header naming each tensor's dtype, shape and byte range,
//! then the raw data), for the f32 tensors a BERT checkpoint holds. Every
//! offset and size is checked against the file before any data is read.

use std::collections::HashMap;

use serde::Deserialize;

use crate::EmbedError;

/// The largest header we accept; real headers are a few KiB.
const MAX_HEADER: u64 = 16 << 20;

#[derive(Debug, Deserialize)]
struct Entry {
    dtype: String,
    shape: Vec<usize>,
    data_offsets: [usize; 2],
}

/// A parsed file: the header, and the bytes after it.
pub struct SafeTensors {
    entries: HashMap<String, Entry>,
    data: Vec<u8>,
}

/// An f32 tensor copied out of the file.
#[derive(Debug, Clone)]
pub struct Tensor {
    pub shape: Vec<usize>,
    pub data: Vec<f32>,
}

impl SafeTensors {
    pub fn parse(mut bytes: Vec<u8>) -> Result<SafeTensors, EmbedError> {
        let bad = |m: &str| EmbedError::Model(format!("model.safetensors: {m}"));
        let len_bytes: [u8; 8] = bytes
            .get(..8)
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| bad("shorter than its header"))?;
        let n = u64::from_le_bytes(len_bytes);
        if n > MAX_HEADER || 8 + n > bytes.len() as u64 {
            return Err(bad("header length is out of range"));
        }
        let n = n as usize;
        let raw: HashMap<String, serde_json::Value> = serde_json::from_slice(&bytes[8..8 + n])
            .map_err(|e| bad(&format!("header is not JSON: {e}")))?;
        let mut entries = HashMap::new();
        for (name, v) in raw {
            if name == "__metadata__" {
                continue;
            }
            let e: Entry =
                serde_json::from_value(v).map_err(|e| bad(&format!("tensor {name}: {e}")))?;
            entries.insert(name, e);
        }
        let data = bytes.split_off(8 + n);
        for (name, e) in &entries {
            let [start, end] = e.data_offsets;
            if start > end || end > data.len() {
                return Err(bad(&format!("tensor {name} lies outside the file")));
            }
        }
        Ok(SafeTensors { entries, data })
    }

    /// The f32 tensor `name`, checked to have `shape`.
    pub fn f32(&self, name: &str, shape: &[usize]) -> Result<Tensor, EmbedError> {
        let bad = |m: String| EmbedError::Model(format!("model.safetensors: tensor {name}: {m}"));
        let e = self
            .entries
            .get(name)
            .ok_or_else(|| bad("missing".into()))?;
        if e.dtype != "F32" {
            return Err(bad(format!("dtype {} (expected F32)", e.dtype)));
        }
        if e.shape != shape {
            return Err(bad(format!("shape {:?} (expected {shape:?})", e.shape)));
        }
        let [start, end] = e.data_offsets;
        let count: usize = shape.iter().product();
        if end - start != count * 4 {
            return Err(bad("byte length does not match its shape".into()));
        }
        let data = self.data[start..end]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(Tensor {
            shape: shape.to_vec(),
            data,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(header: &str, data: &[u8]) -> Vec<u8> {
        let mut out = (header.len() as u64).to_le_bytes().to_vec();
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(data);
        out
    }

    #[test]
    fn reads_a_tensor_and_checks_its_shape() {
        let data: Vec<u8> = [1.5f32, -2.0]
            .iter()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        let st = SafeTensors::parse(file(
            r#"{"__metadata__":{"format":"pt"},"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}"#,
            &data,
        ))
        .unwrap();
        assert_eq!(st.f32("w", &[2]).unwrap().data, [1.5, -2.0]);
        assert!(st.f32("w", &[3]).is_err());
        assert!(st.f32("v", &[2]).is_err());
    }

    #[test]
    fn hostile_headers_are_errors() {
        assert!(SafeTensors::parse(vec![1, 2, 3]).is_err());
        assert!(SafeTensors::parse(u64::MAX.to_le_bytes().to_vec()).is_err());
        assert!(SafeTensors::parse(file("not json", &[])).is_err());
        assert!(
            SafeTensors::parse(file(
                r#"{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,800]}}"#,
                &[0; 8]
            ))
            .is_err()
        );
        let st = SafeTensors::parse(file(
            r#"{"w":{"dtype":"F16","shape":[4],"data_offsets":[0,8]}}"#,
            &[0; 8],
        ))
        .unwrap();
        assert!(st.f32("w", &[4]).is_err());
    }
}
