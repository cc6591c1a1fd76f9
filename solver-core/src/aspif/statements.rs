//! The aspif statements, read on the [`Reader`] cursor: rules, minimize, projection, output,
//! external, assumption, heuristic, edge and comment statements, the header and the end of
//! input.

use super::format::{AspifError, AspifErrorKind, ATOMS_COMMENT, MAX_ATOM};
use super::read::{Reader, Statement};
use crate::program::{
    Atom, Body, Edge, ExternalValue, GroundProgram, HeadKind, HeuristicDirective,
    HeuristicModifier, Minimize, Output, Rule,
};

impl<'a> Reader<'a> {
    /// Requires the end of the line (or of the input) and moves past it.
    pub(super) fn end_of_statement(&mut self) -> Result<(), AspifError> {
        if let Some(token) = self.token() {
            return Err(self.error(AspifErrorKind::TrailingInput(token.to_string())));
        }
        if self.rest().starts_with('\n') {
            self.pos += 1;
            self.line += 1;
        }
        Ok(())
    }

    /// Requires that only blank lines follow the end statement.
    pub(super) fn after_end(&mut self, incremental: bool) -> Result<(), AspifError> {
        self.skip_blank_lines();
        match self.token() {
            Some(_) if incremental => Err(self.error(AspifErrorKind::SecondStep)),
            Some(token) => Err(self.error(AspifErrorKind::AfterEnd(token.to_string()))),
            None => Ok(()),
        }
    }

    /// Reads the header line `asp 1 0 R [tags]`; returns whether it has the `incremental` tag.
    pub(super) fn header(&mut self) -> Result<bool, AspifError> {
        match self.token() {
            Some("asp") => {}
            other => {
                let found = other.unwrap_or("end of line").to_string();
                return Err(self.error(AspifErrorKind::MissingHeader(found)));
            }
        }
        let major = self.integer("the major version")?;
        let minor = self.integer("the minor version")?;
        let revision = self.integer("the revision")?;
        if major != 1 || minor != 0 || revision < 0 {
            let version = format!("{major}.{minor}.{revision}");
            return Err(self.error(AspifErrorKind::UnsupportedVersion(version)));
        }
        let mut incremental = false;
        while let Some(tag) = self.token() {
            if tag != "incremental" {
                return Err(self.error(AspifErrorKind::UnsupportedTag(tag.to_string())));
            }
            incremental = true;
        }
        self.end_of_statement()?;
        Ok(incremental)
    }

    /// Reads one statement (the line is at its first token) into `program`.
    pub(super) fn statement(
        &mut self,
        program: &mut GroundProgram,
    ) -> Result<Statement, AspifError> {
        match self.integer("a statement type")? {
            0 => return Ok(Statement::End),
            1 => program.rules.push(self.rule()?),
            2 => {
                let priority = self.ranged(
                    "a priority",
                    i32::MIN.into(),
                    i32::MAX.into(),
                    "a 32-bit integer",
                )?;
                let elements = self.weighted()?;
                let priority = priority as i32;
                program.minimizes.push(Minimize { priority, elements });
            }
            3 => {
                let atoms = self.atoms()?;
                program
                    .projection
                    .get_or_insert_with(Vec::new)
                    .extend(atoms);
            }
            4 => program.outputs.push(self.output()?),
            5 => program.externals.push(self.external()?),
            6 => program.assumptions.extend(self.literals()?),
            7 => program.heuristics.push(self.heuristic()?),
            8 => program.edges.push(self.edge()?),
            9 => return Err(self.error(AspifErrorKind::UnsupportedStatement("theory", 9))),
            10 => return Ok(self.comment()),
            other => return Err(self.error(AspifErrorKind::UnknownStatement(other))),
        }
        Ok(Statement::Added)
    }

    /// Reads the rest of a rule statement.
    fn rule(&mut self) -> Result<Rule, AspifError> {
        let kind = match self.ranged("a head type", 0, 1, "0 disjunction or 1 choice")? {
            0 => HeadKind::Disjunction,
            _ => HeadKind::Choice,
        };
        let head = self.atoms()?;
        let body = match self.ranged("a body type", 0, 1, "0 normal or 1 weight")? {
            0 => Body::Normal(self.literals()?),
            _ => {
                let lower = self.integer("a lower bound")?;
                let elements = self.weighted()?;
                Body::Weight { lower, elements }
            }
        };
        Ok(Rule { kind, head, body })
    }

    /// Reads the rest of a heuristic statement: `modifier atom value priority n l1..ln`.
    fn heuristic(&mut self) -> Result<HeuristicDirective, AspifError> {
        let code = self.ranged(
            "a heuristic modifier",
            0,
            5,
            "0 level, 1 sign, 2 factor, 3 init, 4 true or 5 false",
        )?;
        let modifier = HeuristicModifier::from_code(code as u32)
            .ok_or_else(|| self.error(AspifErrorKind::UnknownStatement(7)))?;
        let atom = self.atom()?;
        let value = self.ranged(
            "a heuristic value",
            i32::MIN.into(),
            i32::MAX.into(),
            "a 32-bit integer",
        )?;
        let priority = self.ranged(
            "a heuristic priority",
            0,
            u32::MAX.into(),
            "a 32-bit unsigned integer",
        )?;
        let condition = self.literals()?;
        Ok(HeuristicDirective {
            modifier,
            atom,
            value: value as i32,
            priority: priority as u32,
            condition,
        })
    }

    /// Reads the rest of an edge statement: `u v n l1..ln`.
    fn edge(&mut self) -> Result<Edge, AspifError> {
        let mut node = || {
            self.ranged(
                "an edge node",
                0,
                u32::MAX.into(),
                "a 32-bit unsigned integer",
            )
            .map(|n| n as u32)
        };
        let from = node()?;
        let to = node()?;
        let condition = self.literals()?;
        Ok(Edge {
            from,
            to,
            condition,
        })
    }

    /// Reads the rest of an output statement: `m s n l1..ln`.
    fn output(&mut self) -> Result<Output, AspifError> {
        let length = self.count()?;
        let rest = self.rest();
        let name = rest
            .strip_prefix(' ')
            .and_then(|after| usize::try_from(length).ok().and_then(|n| after.get(..n)))
            .ok_or_else(|| self.error(AspifErrorKind::BadString(length)))?;
        self.pos += 1 + name.len();
        self.line += name.matches('\n').count();
        let condition = self.literals()?;
        Ok(Output {
            name: name.to_string(),
            condition,
        })
    }

    /// Reads the rest of an external statement: `a v`.
    fn external(&mut self) -> Result<(Atom, ExternalValue), AspifError> {
        let atom = self.atom()?;
        let value = match self.ranged(
            "an external value",
            0,
            3,
            "0 free, 1 true, 2 false or 3 release",
        )? {
            0 => ExternalValue::Free,
            1 => ExternalValue::True,
            2 => ExternalValue::False,
            _ => ExternalValue::Release,
        };
        Ok((atom, value))
    }

    /// Skips a comment to the end of its line; recognises `10 atoms N`.
    fn comment(&mut self) -> Statement {
        let rest = self.rest();
        let line = rest.split('\n').next().unwrap_or("");
        self.pos += line.len();
        let mut words = line.split_whitespace();
        let count = match (words.next(), words.next(), words.next()) {
            (Some(ATOMS_COMMENT), Some(number), None) => number.parse::<u32>().ok(),
            _ => None,
        };
        match count.filter(|n| *n <= MAX_ATOM) {
            Some(n) => Statement::AtomCount(n),
            None => Statement::Added,
        }
    }
}
