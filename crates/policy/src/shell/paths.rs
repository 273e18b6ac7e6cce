//! Which paths a command must never destroy without a human: the root,
//! system directories, home directories, raw block devices.

/// Top-level directories whose loss breaks the whole system.
const SYSTEM_DIRS: &[&str] = &[
    "bin",
    "boot",
    "dev",
    "etc",
    "home",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "proc",
    "root",
    "sbin",
    "sys",
    "usr",
    "var",
    "users",
    "system",
    "library",
    "applications",
];

/// Folders that hold every user's home directory.
const HOME_PARENTS: &[&str] = &["home", "users"];

/// Variables that name the user's home directory.
const HOME_VARS: &[&str] = &["HOME", "USERPROFILE"];

/// A path segment made only of glob characters (`*`, `.*`, `?*`, `**`).
fn is_glob_segment(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| matches!(c, '*' | '?' | '.')) && s.contains(['*', '?'])
}

/// Lexically normalises `path`'s segments: drops empty and `.` segments,
/// resolves `..` (never above the root), so `//`, `/.`, `/tmp/..` and a
/// trailing `/` all reduce to the path they name.
fn segments(path: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    out
}

/// If deleting, moving or re-owning `target` (as displayed, with `~` and
/// `$HOME` kept) would wreck the system or a home directory, says what it is.
pub fn dangerous_target(target: &str) -> Option<&'static str> {
    let target = target.trim();
    if target.is_empty() {
        return None;
    }
    // Windows drive roots: `C:\`, `C:/`, `C:`.
    let drive = target.trim_end_matches(['*', '.']);
    let b = drive.as_bytes();
    if (2..=3).contains(&b.len())
        && b[0].is_ascii_alphabetic()
        && b[1] == b':'
        && (b.len() == 2 || matches!(b[2], b'\\' | b'/'))
    {
        return Some("a whole drive");
    }
    // `..`, `../..`: an ancestor of a working directory the gate does not
    // know, which may be a home directory or the root.
    if target
        .split('/')
        .all(|s| s == ".." || s.is_empty() || s == ".")
        && target.contains("..")
    {
        return Some("an unknown ancestor of the working directory");
    }
    let (anchor, rest) = split_anchor(target)?;
    let mut segs = segments(rest);
    // `dir/*`, `dir/.*`, `dir/*/*` destroy `dir` as surely as `dir` itself.
    while segs.last().is_some_and(|s| is_glob_segment(s)) {
        segs.pop();
    }
    match anchor {
        Anchor::Root => match segs.as_slice() {
            [] => Some("the root directory"),
            [one] if has_glob(one) && SYSTEM_DIRS.iter().any(|d| glob_matches(one, d)) => {
                Some("system directories (by a glob)")
            }
            [parent, user]
                if has_glob(user)
                    && HOME_PARENTS.contains(&parent.to_ascii_lowercase().as_str()) =>
            {
                Some("home directories (by a glob)")
            }
            [one] if SYSTEM_DIRS.contains(&one.to_ascii_lowercase().as_str()) => {
                if HOME_PARENTS.contains(&one.to_ascii_lowercase().as_str()) {
                    Some("every home directory")
                } else if one.eq_ignore_ascii_case("root") {
                    Some("root's home directory")
                } else {
                    Some("a system directory")
                }
            }
            [parent, _user] if HOME_PARENTS.contains(&parent.to_ascii_lowercase().as_str()) => {
                Some("a home directory")
            }
            _ => None,
        },
        Anchor::Home => segs.is_empty().then_some("the home directory"),
    }
}

fn has_glob(s: &str) -> bool {
    s.contains(['*', '?', '['])
}

/// Whether a glob segment could name `dir` (case-insensitively).
fn glob_matches(pattern: &str, dir: &str) -> bool {
    crate::glob::Glob::new(&pattern.to_ascii_lowercase()).is_ok_and(|g| g.is_match(dir))
}

enum Anchor {
    Root,
    Home,
}

/// Splits off what a path is relative to: `/`, `~`/`~user`, `$HOME`.
/// Relative paths (to an unknown working directory) return `None`.
fn split_anchor(target: &str) -> Option<(Anchor, &str)> {
    if let Some(rest) = target.strip_prefix('/') {
        return Some((Anchor::Root, rest));
    }
    if let Some(rest) = target.strip_prefix('~') {
        let user_end = rest.find('/').unwrap_or(rest.len());
        let user = &rest[..user_end];
        if user.is_empty() || !user.contains(['*', '?']) {
            return Some((Anchor::Home, &rest[user_end..]));
        }
        return None;
    }
    if let Some(rest) = target.strip_prefix('$') {
        for var in HOME_VARS {
            if let Some(after) = rest.strip_prefix(var)
                && (after.is_empty() || after.starts_with('/'))
            {
                return Some((Anchor::Home, after));
            }
        }
        // `%USERPROFILE%` written Windows-style.
    }
    if let Some(rest) = target.strip_prefix("%USERPROFILE%") {
        return Some((Anchor::Home, rest));
    }
    None
}

/// Device files that are not disks: writing to them destroys nothing.
const HARMLESS_DEVICES: &[&str] = &[
    "null", "zero", "full", "random", "urandom", "tty", "stdin", "stdout", "stderr", "console",
    "ptmx",
];

/// Prefixes of raw disks and memory under `/dev`.
const BLOCK_DEVICE_PREFIXES: &[&str] = &[
    "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "mapper/", "dm-", "md", "loop",
    "sr", "nbd", "zram", "mem", "kmem", "port", "fd0", "cciss/", "ubd", "bcache",
];

/// Whether writing to `path` writes a raw block device (or memory).
pub fn is_block_device(path: &str) -> bool {
    if !contains_ignore_case(path, "dev") && !contains_ignore_case(path, "physicaldrive") {
        return false;
    }
    let lower = path.trim().to_ascii_lowercase();
    if lower.starts_with(r"\\.\physicaldrive") || lower.starts_with("//./physicaldrive") {
        return true;
    }
    let segs = segments(&lower);
    let [first, rest @ ..] = segs.as_slice() else {
        return false;
    };
    if !lower.starts_with('/') || *first != "dev" || rest.is_empty() {
        return false;
    }
    let name = rest.join("/");
    if HARMLESS_DEVICES.contains(&name.as_str())
        || name.starts_with("pts/")
        || name.starts_with("fd/")
        || name.starts_with("shm/")
        || name.starts_with("tcp/")
        || name.starts_with("udp/")
        || name.starts_with("tty")
    {
        return false;
    }
    BLOCK_DEVICE_PREFIXES.iter().any(|p| name.starts_with(p))
}

fn contains_ignore_case(hay: &str, needle: &str) -> bool {
    hay.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Whether a write to `path` goes nowhere that matters.
pub fn is_sink(path: &str) -> bool {
    matches!(
        path,
        "/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty" | "/dev/fd/1" | "/dev/fd/2"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_and_its_spellings_are_dangerous() {
        for t in [
            "/", "//", "/.", "/./", "/*", "/.*", "/*/*", "/tmp/..", "///.//",
        ] {
            assert_eq!(dangerous_target(t), Some("the root directory"), "{t}");
        }
    }

    #[test]
    fn home_in_every_spelling_is_dangerous() {
        for t in [
            "~",
            "~/",
            "~/.",
            "~/*",
            "~/.*",
            "$HOME",
            "$HOME/",
            "$HOME/*",
            "~root",
            "$USERPROFILE",
        ] {
            assert!(dangerous_target(t).is_some(), "{t}");
        }
        for t in [
            "/home",
            "/home/*",
            "/home/alice",
            "/Users/bob/",
            "/root",
            "~/..",
            "~/x/../..",
        ] {
            assert!(dangerous_target(t).is_some(), "{t}");
        }
    }

    #[test]
    fn ordinary_paths_are_not() {
        for t in [
            "build/",
            "./target",
            "~/projects/x",
            "$HOME/.cache",
            "/tmp/x",
            "/var/log/app",
            "*",
            ".",
            "$DIR",
            "/home/alice/src",
        ] {
            assert_eq!(dangerous_target(t), None, "{t}");
        }
    }

    #[test]
    fn bare_parent_paths_are_unknown_ancestors() {
        for t in ["..", "../", "../..", "../../../../", "./.."] {
            assert!(dangerous_target(t).is_some(), "{t}");
        }
    }

    #[test]
    fn block_devices() {
        for d in [
            "/dev/sda",
            "/dev/sda1",
            "/dev/nvme0n1",
            "/dev/mapper/root",
            "//dev//sdb",
            "/dev/mem",
            r"\\.\PhysicalDrive0",
        ] {
            assert!(is_block_device(d), "{d}");
        }
        for d in [
            "/dev/null",
            "/dev/zero",
            "/dev/tty1",
            "/dev/pts/0",
            "/dev/stdout",
            "dev/sda",
            "/tmp/sda",
            "/dev/tcp/h/80",
        ] {
            assert!(!is_block_device(d), "{d}");
        }
    }
}
