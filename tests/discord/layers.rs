//! The Discord frontend's files are layers: the transport (counting, retrying, laying out a
//! message) at the bottom, the answer and its sender above, the handlers on top. Read from
//! the sources, so a new import that closes a circle fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each module of `src/discord/` (a file, or a folder with its `<name>.rs`) and the sibling
/// modules its code names (`use super::x`, `super::x::f()`, `crate::discord::x`); comments are
/// left out, and `mod.rs`, which declares every module, is no layer.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/discord");
    let files = rust_files(&dir);
    let module_of = |path: &Path| -> String {
        let rel = path.strip_prefix(&dir).expect("under src/discord");
        let first = rel.components().next().expect("a path");
        let name = first.as_os_str().to_str().expect("a UTF-8 name");
        name.trim_end_matches(".rs").to_string()
    };
    let modules: BTreeSet<String> = files
        .iter()
        .map(|f| module_of(f))
        .filter(|m| m != "mod")
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let module = module_of(file);
        if module == "mod" {
            continue;
        }
        let nested = file.parent() != Some(dir.as_path());
        let code: String = std::fs::read_to_string(file)
            .expect("a source file")
            .lines()
            .map(|l| l.split("//").next().unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n");
        let parent = if nested { "super::super::" } else { "super::" };
        let named = graph.entry(module.clone()).or_default();
        for prefix in [parent, "crate::discord::"] {
            for name in names_after(&code, prefix) {
                if modules.contains(&name) && name != module {
                    named.insert(name);
                }
            }
        }
    }
    graph
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("src/discord") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The first path segments that follow `prefix` in `code` (each item of a `{...}` group),
/// where `prefix` starts a path (is not the tail of a longer one).
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut names = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| is_ident(c) || c == ':') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        // `super::super::` from a file of the discord folder leaves it.
        if rest.starts_with("super::") {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let end = group
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => return true,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    false
                })
                .map_or(group.len(), |(i, _)| i);
            let mut depth = 0;
            let mut item = String::new();
            for c in group[..end].chars().chain([',']) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let first: String =
                            item.trim().chars().take_while(|&c| is_ident(c)).collect();
                        names.push(first);
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
        } else {
            names.push(rest.chars().take_while(|&c| is_ident(c)).collect());
        }
    }
    names
}

/// Returns a circle of imports, as the modules along it, if there is one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut found = path[start..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn discord_files_import_each_other_without_a_circle() {
    let graph = imports();
    // The reader sees the imports at all: the bot wires up the handlers.
    assert!(graph["bot"].contains("commands"), "{graph:?}");
    assert!(graph["commands"].contains("deliver"), "{graph:?}");
    if let Some(found) = circle(&graph) {
        panic!("src/discord imports in a circle: {}", found.join(" -> "));
    }
}

#[test]
fn the_import_reader_finds_a_circle_and_grouped_imports() {
    let code =
        "use super::{Data, a::{B, C}, people};\nfn f() { super::super::x(); super::b::g(); }";
    assert_eq!(names_after(code, "super::"), ["Data", "a", "people", "b"]);
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(n, to)| (n.to_string(), to.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(circle(&graph).expect("a circle"), ["a", "b", "c", "a"]);
    let mut layered = graph.clone();
    layered.insert("c".to_string(), BTreeSet::new());
    assert_eq!(circle(&layered), None);
}
