//! mini-clingo command-line arguments (files, `-c`, `--project[=..]`, `-e`, `--opt-mode`, the
//! model count, `--dialect`) mapped onto an `engine::Control`, for tests that replay runs
//! through the API so that every model can be checked.
#![allow(dead_code)]

use std::path::Path;

use engine::{Control, EnumMode, OptMode, Projection};

/// mini-clingo arguments mapped onto a Control, before grounding; files are relative to `base`.
pub fn control_for(args: &[String], base: &Path) -> Control {
    let mut ctl = Control::new();
    let mut files = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if arg.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| rest.next().cloned())
                .expect("value")
        };
        let options = ctl.options_mut();
        match flag {
            "-c" | "--const" => {
                let definition = value();
                let (name, term) = definition.split_once('=').expect("-c name=term");
                ctl.set_const(name, term).expect("set_const");
            }
            "--project" => options.projection = projection(inline.as_deref()),
            "-e" | "--enum-mode" => options.enum_mode = enum_mode(&value()),
            "--opt-mode" => options.opt_mode = opt_mode(&value()),
            "--dialect" => options.dialect = dialect(&value()),
            _ if arg.parse::<u64>().is_ok() => options.models = arg.parse().ok(),
            _ if arg.starts_with('-') => panic!("unknown argument {arg}"),
            _ => files.push(arg.clone()),
        }
    }
    for file in files {
        ctl.load(base.join(&file)).expect("load");
    }
    ctl
}

fn projection(value: Option<&str>) -> Projection {
    match value {
        None | Some("auto") => Projection::Auto,
        Some("show") => Projection::Show,
        Some("project") => Projection::Project,
        Some(other) => panic!("--project={other}"),
    }
}

fn enum_mode(value: &str) -> EnumMode {
    match value {
        "brave" => EnumMode::Brave,
        "cautious" => EnumMode::Cautious,
        other => panic!("-e {other}"),
    }
}

fn opt_mode(value: &str) -> OptMode {
    match value {
        "opt" => OptMode::Opt,
        "optN" => OptMode::OptN,
        "enum" => OptMode::Enum,
        "ignore" => OptMode::Ignore,
        other => panic!("--opt-mode={other}"),
    }
}

fn dialect(value: &str) -> engine::Dialect {
    match value {
        "auto" => engine::Dialect::Auto,
        "clingo" => engine::Dialect::Clingo,
        "gringo3" => engine::Dialect::Gringo3,
        other => panic!("--dialect={other}"),
    }
}
