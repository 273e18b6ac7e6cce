//! The vault, on real files: round trips, wrong keys, corrupt and tampered
//! files, key-file permissions, and no secret in any message.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::path::PathBuf;

use hivegate_store::vault::{KdfCost, MasterKey, Vault, VaultError};

const CHEAP: KdfCost = KdfCost {
    m_cost_kib: 64,
    t_cost: 1,
    p_cost: 1,
};
const SECRET: &[u8] = b"sk-live-0123456789abcdef-DO-NOT-LEAK";

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let mut b = [0u8; 6];
        getrandom::fill(&mut b).unwrap();
        let p = std::env::temp_dir().join(format!("hivegate-vault-{tag}-{}", hex::encode(b)));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn key(s: &str) -> MasterKey {
    MasterKey::from_bytes(s.as_bytes().to_vec()).unwrap()
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn secrets_round_trip_and_are_encrypted_at_rest() {
    let dir = TempDir::new("rt");
    let path = dir.0.join("vault.json");
    let mut v = Vault::open_with_cost(&path, &key("correct horse"), CHEAP).unwrap();
    v.set("openai", SECRET).unwrap();
    v.set("connector:github", b"ghp_x").unwrap();
    assert_eq!(v.names(), ["connector:github", "openai"]);
    let on_disk = std::fs::read(&path).unwrap();
    assert!(!contains(&on_disk, SECRET));
    assert!(!contains(&on_disk, b"ghp_x"));
    drop(v);

    let mut v = Vault::open(&path, &key("correct horse")).unwrap();
    assert_eq!(v.get("openai").unwrap().as_deref(), Some(SECRET));
    assert!(v.delete("openai").unwrap());
    assert!(!v.delete("openai").unwrap());
    assert_eq!(v.get("openai").unwrap(), None);
    assert_eq!(v.names(), ["connector:github"]);
    let k1 = v
        .get_or_create("approval-hmac", || Ok(vec![7; 32]))
        .unwrap();
    let k2 = v
        .get_or_create("approval-hmac", || Ok(vec![9; 32]))
        .unwrap();
    assert_eq!(k1, k2);
    // No temp files are left behind.
    let names: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["vault.json"]);
}

#[test]
fn a_wrong_key_is_refused_clearly() {
    let dir = TempDir::new("wrong");
    let path = dir.0.join("vault.json");
    Vault::open_with_cost(&path, &key("right"), CHEAP)
        .unwrap()
        .set("a", SECRET)
        .unwrap();
    let err = Vault::open(&path, &key("wrong")).unwrap_err();
    assert!(matches!(err, VaultError::WrongKey { .. }), "{err}");
    assert!(err.to_string().contains("HIVEGATE_MASTER_KEY"));
}

#[test]
fn a_corrupt_vault_is_an_error_and_is_never_overwritten() {
    let dir = TempDir::new("corrupt");
    let path = dir.0.join("vault.json");
    for garbage in [&b"{not json"[..], b"", b"{\"version\":1}", b"\xff\xfe\x00"] {
        std::fs::write(&path, garbage).unwrap();
        let err = Vault::open_with_cost(&path, &key("k"), CHEAP).unwrap_err();
        assert!(matches!(err, VaultError::Corrupt { .. }), "{err}");
        assert!(err.to_string().contains("left untouched"));
        assert_eq!(std::fs::read(&path).unwrap(), garbage);
    }
}

#[test]
fn a_tampered_or_moved_entry_does_not_open() {
    let dir = TempDir::new("tamper");
    let path = dir.0.join("vault.json");
    let mut v = Vault::open_with_cost(&path, &key("k"), CHEAP).unwrap();
    v.set("a", SECRET).unwrap();
    v.set("b", b"other").unwrap();
    drop(v);
    let mut json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    // Move a's ciphertext under b: the name is bound in, so it must fail.
    json["entries"]["b"] = json["entries"]["a"].clone();
    std::fs::write(&path, serde_json::to_vec(&json).unwrap()).unwrap();
    let v = Vault::open(&path, &key("k")).unwrap();
    assert_eq!(v.get("a").unwrap().as_deref(), Some(SECRET));
    let err = v.get("b").unwrap_err();
    assert!(matches!(err, VaultError::Tampered { .. }));
}

#[test]
fn no_secret_appears_in_errors_or_debug_output() {
    let dir = TempDir::new("leak");
    let path = dir.0.join("vault.json");
    let mk = MasterKey::from_bytes(SECRET.to_vec()).unwrap();
    let mut v = Vault::open_with_cost(&path, &mk, CHEAP).unwrap();
    v.set("s", SECRET).unwrap();
    let shown = format!("{v:?} {mk:?}");
    assert!(!shown.contains("DO-NOT-LEAK"), "{shown}");
    let errs = [
        v.set("", SECRET).unwrap_err(),
        v.set("x", &vec![0u8; 70_000]).unwrap_err(),
        Vault::open(&path, &key("nope")).unwrap_err(),
    ];
    for e in errs {
        assert!(!format!("{e} {e:?}").contains("DO-NOT-LEAK"));
    }
    assert!(matches!(
        MasterKey::from_bytes(Vec::new()),
        Err(VaultError::EmptyKey)
    ));
}

#[cfg(unix)]
#[test]
fn the_key_file_is_created_owner_only_and_loose_modes_are_refused() {
    use std::os::unix::fs::PermissionsExt;
    if std::env::var_os("HIVEGATE_MASTER_KEY").is_some() {
        return; // the environment variable wins; nothing to test here
    }
    let dir = TempDir::new("keyfile");
    let kp = dir.0.join("master.key");
    let k1 = MasterKey::load_or_create(&kp).unwrap();
    let mode = std::fs::metadata(&kp).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let path = dir.0.join("vault.json");
    Vault::open_with_cost(&path, &k1, CHEAP)
        .unwrap()
        .set("a", b"1")
        .unwrap();
    let k2 = MasterKey::load_or_create(&kp).unwrap();
    assert_eq!(
        Vault::open(&path, &k2)
            .unwrap()
            .get("a")
            .unwrap()
            .as_deref(),
        Some(&b"1"[..])
    );
    std::fs::set_permissions(&kp, std::fs::Permissions::from_mode(0o644)).unwrap();
    let err = MasterKey::load_or_create(&kp).unwrap_err();
    assert!(
        matches!(err, VaultError::KeyFileMode { mode: 0o644, .. }),
        "{err}"
    );
}
