//! The vault: named secrets encrypted at rest in one file.
//!
//! Each secret is sealed with XChaCha20-Poly1305 under a key derived by
//! Argon2id from the master secret (the `HIVEGATE_MASTER_KEY` environment
//! variable, or a 0600 key file created on first run) and a random salt kept
//! in the vault file. The secret's name is the AEAD's associated data, so a
//! ciphertext moved to another name does not open.
//!
//! Writes go to a temp file, are fsynced, then renamed over the vault. A
//! vault file that does not parse, or that the key does not open, is an
//! error that names the file; it is never overwritten. No error, log line or
//! `Debug` output carries a secret value.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use argon2::{Algorithm, Argon2, Params, Version};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use serde::{Deserialize, Serialize};

/// The environment variable holding the master secret.
pub const MASTER_KEY_ENV: &str = "HIVEGATE_MASTER_KEY";

/// Longest secret name and value accepted.
pub const MAX_NAME_LEN: usize = 256;
pub const MAX_VALUE_LEN: usize = 64 * 1024;

const VERIFIER_NAME: &str = "\u{0}hivegate-vault-verifier";
const VERIFIER_VALUE: &[u8] = b"hivegate vault v1";

#[derive(Debug, thiserror::Error)]
pub enum VaultError {
    #[error("cannot {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: String,
        source: std::io::Error,
    },
    #[error("the vault file {path} is corrupt ({detail}); it was left untouched")]
    Corrupt { path: String, detail: String },
    #[error(
        "the master key does not open the vault {path}; check {MASTER_KEY_ENV} or the key file"
    )]
    WrongKey { path: String },
    #[error(
        "the master key file {path} must be readable by its owner only (mode 0600), but is {mode:o}"
    )]
    KeyFileMode { path: String, mode: u32 },
    #[error("the master key is empty")]
    EmptyKey,
    #[error("secret name must be 1 to {MAX_NAME_LEN} printable characters")]
    BadName,
    #[error("secret value is over {MAX_VALUE_LEN} bytes")]
    TooLarge,
    #[error("the secret `{name}` cannot be decrypted: the vault entry was altered")]
    Tampered { name: String },
    #[error("the system random source failed: {0}")]
    Random(String),
}

/// The master secret, never printed.
pub struct MasterKey(Vec<u8>);

impl std::fmt::Debug for MasterKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MasterKey(…)")
    }
}

impl MasterKey {
    pub fn from_bytes(bytes: Vec<u8>) -> Result<MasterKey, VaultError> {
        if bytes.is_empty() {
            return Err(VaultError::EmptyKey);
        }
        Ok(MasterKey(bytes))
    }

    /// `HIVEGATE_MASTER_KEY` if set, else the key file at `key_path`,
    /// created (32 random bytes, hex, mode 0600) when missing.
    pub fn load_or_create(key_path: &Path) -> Result<MasterKey, VaultError> {
        if let Some(v) = std::env::var_os(MASTER_KEY_ENV) {
            return MasterKey::from_bytes(v.into_encoded_bytes());
        }
        match fs::read(key_path) {
            Ok(bytes) => {
                check_owner_only(key_path)?;
                MasterKey::from_bytes(trim_ascii(&bytes).to_vec())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = hex::encode(random_bytes::<32>()?);
                write_atomic(key_path, key.as_bytes(), true)?;
                Ok(MasterKey(key.into_bytes()))
            }
            Err(source) => Err(VaultError::Io {
                action: "read",
                path: key_path.display().to_string(),
                source,
            }),
        }
    }
}

fn trim_ascii(b: &[u8]) -> &[u8] {
    let start = b
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .unwrap_or(b.len());
    let end = b
        .iter()
        .rposition(|c| !c.is_ascii_whitespace())
        .map_or(start, |i| i + 1);
    &b[start..end]
}

#[cfg(unix)]
fn check_owner_only(path: &Path) -> Result<(), VaultError> {
    use std::os::unix::fs::PermissionsExt;
    let meta = fs::metadata(path).map_err(|source| VaultError::Io {
        action: "stat",
        path: path.display().to_string(),
        source,
    })?;
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(VaultError::KeyFileMode {
            path: path.display().to_string(),
            mode,
        });
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_owner_only(_: &Path) -> Result<(), VaultError> {
    Ok(())
}

fn random_bytes<const N: usize>() -> Result<[u8; N], VaultError> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| VaultError::Random(e.to_string()))?;
    Ok(b)
}

/// Writes `bytes` to `path` by temp file → fsync → rename → fsync(dir).
pub fn write_atomic(path: &Path, bytes: &[u8], owner_only: bool) -> Result<(), VaultError> {
    let io = |action: &'static str, p: &Path| {
        let path = p.display().to_string();
        move |source| VaultError::Io {
            action,
            path,
            source,
        }
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io("create", dir))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", hex::encode(random_bytes::<6>()?)));
    let mut opts = OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    if owner_only {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    #[cfg(not(unix))]
    let _ = owner_only;
    let result = (|| {
        let mut f = opts.open(&tmp).map_err(io("create", &tmp))?;
        f.write_all(bytes).map_err(io("write", &tmp))?;
        f.sync_all().map_err(io("sync", &tmp))?;
        fs::rename(&tmp, path).map_err(io("replace", path))?;
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct KdfParams {
    m_cost_kib: u32,
    t_cost: u32,
    p_cost: u32,
    salt: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sealed {
    nonce: String,
    ciphertext: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct VaultFile {
    version: u32,
    kdf: KdfParams,
    verifier: Sealed,
    entries: BTreeMap<String, Sealed>,
}

/// Argon2id cost; the default follows OWASP's recommendation.
#[derive(Debug, Clone, Copy)]
pub struct KdfCost {
    pub m_cost_kib: u32,
    pub t_cost: u32,
    pub p_cost: u32,
}

impl Default for KdfCost {
    fn default() -> Self {
        KdfCost {
            m_cost_kib: 19 * 1024,
            t_cost: 2,
            p_cost: 1,
        }
    }
}

/// An open vault.
pub struct Vault {
    path: PathBuf,
    cipher: XChaCha20Poly1305,
    file: VaultFile,
}

impl std::fmt::Debug for Vault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vault")
            .field("path", &self.path)
            .field("entries", &self.file.entries.len())
            .finish()
    }
}

fn derive(key: &MasterKey, kdf: &KdfParams, path: &Path) -> Result<XChaCha20Poly1305, VaultError> {
    let corrupt = |detail: String| VaultError::Corrupt {
        path: path.display().to_string(),
        detail,
    };
    let salt = B64
        .decode(&kdf.salt)
        .map_err(|e| corrupt(format!("salt: {e}")))?;
    let params = Params::new(kdf.m_cost_kib, kdf.t_cost, kdf.p_cost, Some(32))
        .map_err(|e| corrupt(format!("kdf parameters: {e}")))?;
    let mut out = [0u8; 32];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into(&key.0, &salt, &mut out)
        .map_err(|e| corrupt(format!("kdf: {e}")))?;
    Ok(XChaCha20Poly1305::new((&out).into()))
}

fn seal(cipher: &XChaCha20Poly1305, name: &str, value: &[u8]) -> Result<Sealed, VaultError> {
    let nonce = random_bytes::<24>()?;
    let ciphertext = cipher
        .encrypt(
            XNonce::from_slice(&nonce),
            Payload {
                msg: value,
                aad: name.as_bytes(),
            },
        )
        .map_err(|_| VaultError::Random("encryption failed".to_owned()))?;
    Ok(Sealed {
        nonce: B64.encode(nonce),
        ciphertext: B64.encode(ciphertext),
    })
}

fn open_sealed(cipher: &XChaCha20Poly1305, name: &str, s: &Sealed) -> Option<Vec<u8>> {
    let nonce = B64.decode(&s.nonce).ok().filter(|n| n.len() == 24)?;
    let ct = B64.decode(&s.ciphertext).ok()?;
    cipher
        .decrypt(
            XNonce::from_slice(&nonce),
            Payload {
                msg: &ct,
                aad: name.as_bytes(),
            },
        )
        .ok()
}

fn check_name(name: &str) -> Result<(), VaultError> {
    if name.is_empty() || name.chars().count() > MAX_NAME_LEN || name.chars().any(char::is_control)
    {
        return Err(VaultError::BadName);
    }
    Ok(())
}

impl Vault {
    /// Opens the vault at `path`, creating an empty one if there is none.
    pub fn open(path: &Path, key: &MasterKey) -> Result<Vault, VaultError> {
        Vault::open_with_cost(path, key, KdfCost::default())
    }

    /// As [`Vault::open`], with the Argon2id cost for a new vault.
    pub fn open_with_cost(
        path: &Path,
        key: &MasterKey,
        cost: KdfCost,
    ) -> Result<Vault, VaultError> {
        let display = path.display().to_string();
        match fs::read(path) {
            Ok(bytes) => {
                let file: VaultFile =
                    serde_json::from_slice(&bytes).map_err(|e| VaultError::Corrupt {
                        path: display.clone(),
                        detail: e.to_string(),
                    })?;
                if file.version != 1 {
                    return Err(VaultError::Corrupt {
                        path: display,
                        detail: format!("unknown version {}", file.version),
                    });
                }
                let cipher = derive(key, &file.kdf, path)?;
                match open_sealed(&cipher, VERIFIER_NAME, &file.verifier) {
                    Some(v) if v == VERIFIER_VALUE => {}
                    _ => return Err(VaultError::WrongKey { path: display }),
                }
                Ok(Vault {
                    path: path.to_owned(),
                    cipher,
                    file,
                })
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let kdf = KdfParams {
                    m_cost_kib: cost.m_cost_kib,
                    t_cost: cost.t_cost,
                    p_cost: cost.p_cost,
                    salt: B64.encode(random_bytes::<16>()?),
                };
                let cipher = derive(key, &kdf, path)?;
                let verifier = seal(&cipher, VERIFIER_NAME, VERIFIER_VALUE)?;
                let vault = Vault {
                    path: path.to_owned(),
                    cipher,
                    file: VaultFile {
                        version: 1,
                        kdf,
                        verifier,
                        entries: BTreeMap::new(),
                    },
                };
                vault.save()?;
                Ok(vault)
            }
            Err(source) => Err(VaultError::Io {
                action: "read",
                path: display,
                source,
            }),
        }
    }

    fn save(&self) -> Result<(), VaultError> {
        let bytes = serde_json::to_vec_pretty(&self.file).map_err(|e| VaultError::Corrupt {
            path: self.path.display().to_string(),
            detail: e.to_string(),
        })?;
        write_atomic(&self.path, &bytes, true)
    }

    pub fn get(&self, name: &str) -> Result<Option<Vec<u8>>, VaultError> {
        check_name(name)?;
        match self.file.entries.get(name) {
            None => Ok(None),
            Some(s) => {
                open_sealed(&self.cipher, name, s)
                    .map(Some)
                    .ok_or_else(|| VaultError::Tampered {
                        name: name.to_owned(),
                    })
            }
        }
    }

    pub fn set(&mut self, name: &str, value: &[u8]) -> Result<(), VaultError> {
        check_name(name)?;
        if value.len() > MAX_VALUE_LEN {
            return Err(VaultError::TooLarge);
        }
        let sealed = seal(&self.cipher, name, value)?;
        let previous = self.file.entries.insert(name.to_owned(), sealed);
        if let Err(e) = self.save() {
            match previous {
                Some(p) => self.file.entries.insert(name.to_owned(), p),
                None => self.file.entries.remove(name),
            };
            return Err(e);
        }
        Ok(())
    }

    /// Removes a secret; returns whether it existed.
    pub fn delete(&mut self, name: &str) -> Result<bool, VaultError> {
        check_name(name)?;
        let Some(previous) = self.file.entries.remove(name) else {
            return Ok(false);
        };
        if let Err(e) = self.save() {
            self.file.entries.insert(name.to_owned(), previous);
            return Err(e);
        }
        Ok(true)
    }

    /// Secret names, sorted; never values.
    pub fn names(&self) -> Vec<String> {
        self.file.entries.keys().cloned().collect()
    }

    /// The secret `name`, creating it from `make` when absent (the HMAC key
    /// for approval tokens lives here).
    pub fn get_or_create(
        &mut self,
        name: &str,
        make: impl FnOnce() -> Result<Vec<u8>, VaultError>,
    ) -> Result<Vec<u8>, VaultError> {
        if let Some(v) = self.get(name)? {
            return Ok(v);
        }
        let v = make()?;
        self.set(name, &v)?;
        Ok(v)
    }
}

/// Secrets sealed for a store that several replicas share: the key is
/// derived from the master key and a salt kept beside the secrets, so every
/// replica given the same `HIVEGATE_MASTER_KEY` opens them, and nothing
/// else does.
pub struct SharedSealer {
    cipher: XChaCha20Poly1305,
}

impl std::fmt::Debug for SharedSealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedSealer(…)")
    }
}

impl SharedSealer {
    /// A new random salt, base64.
    pub fn new_salt() -> Result<String, VaultError> {
        Ok(B64.encode(random_bytes::<16>()?))
    }

    pub fn derive(
        key: &MasterKey,
        salt_b64: &str,
        label: &str,
    ) -> Result<SharedSealer, VaultError> {
        let kdf = KdfParams {
            m_cost_kib: KdfCost::default().m_cost_kib,
            t_cost: KdfCost::default().t_cost,
            p_cost: KdfCost::default().p_cost,
            salt: salt_b64.to_owned(),
        };
        Ok(SharedSealer {
            cipher: derive(key, &kdf, Path::new(label))?,
        })
    }

    /// `value` sealed under `name`, as one JSON string.
    pub fn seal(&self, name: &str, value: &[u8]) -> Result<String, VaultError> {
        let s = seal(&self.cipher, name, value)?;
        serde_json::to_string(&s).map_err(|e| VaultError::Random(e.to_string()))
    }

    /// Opens what [`SharedSealer::seal`] made; `None` if the key is wrong
    /// or the text was altered.
    pub fn open(&self, name: &str, sealed: &str) -> Option<Vec<u8>> {
        let s: Sealed = serde_json::from_str(sealed).ok()?;
        open_sealed(&self.cipher, name, &s)
    }
}

/// 32 random bytes, for keys kept in the vault.
pub fn random_key() -> Result<Vec<u8>, VaultError> {
    Ok(random_bytes::<32>()?.to_vec())
}
