//! The lexer: bytes of one source to `(start, Token, end)` triples with byte offsets.
//!
//! Built with logos. Invariants: every byte of the input is either skipped (whitespace,
//! comments) or covered by exactly one token or one [`LexError`]; errors never stop the
//! lexer, the offending text is skipped (like clingo, which reports `lexer error, unexpected
//! X` and goes on). Block comments `%* ... *%` nest. Strings know the escapes `\"`, `\\` and
//! `\n` only, and end on the same line. Integers are decimal (`0` or no leading zero), kept as
//! `i64` until the parser range-checks them (so `-2147483648` is possible; a decimal literal
//! outside 32 bits is an error, where clingo wraps it), or `0x`/`0o`/`0b` (lowercase prefix, as
//! clingo 5.8) read as 32-bit patterns, as clingo does (`0x80000000` is the smallest integer).

use logos::Logos;

/// What went wrong while lexing (logos' error type).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum LexError {
    /// A character that starts no token.
    #[default]
    Unexpected,
    /// `"` without a closing `"` on the same line.
    UnterminatedString,
    /// `%*` without its `*%`.
    UnterminatedComment,
    /// A `#word` that is no directive.
    UnknownDirective,
    /// An integer literal beyond 64 bits.
    IntegerTooLarge,
}

/// The tokens of the clingo language plus gringo 3's legacy keywords.
#[derive(Logos, Clone, Debug, PartialEq, Eq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\r\n\f\x0B]+")]
#[logos(skip r"%([^*\n][^\n]*)?")]
pub enum Token {
    #[token("%*", block_comment)]
    BlockComment,
    #[regex(r"_*[a-z]['A-Za-z0-9_]*", |lex| lex.slice().to_owned())]
    Identifier(String),
    #[regex(r"_*[A-Z]['A-Za-z0-9_]*", |lex| lex.slice().to_owned())]
    Variable(String),
    #[token("_")]
    Anonymous,
    #[regex(r"0|[1-9][0-9]*", |lex| decimal(lex.slice()))]
    #[regex(r"0x[0-9A-Fa-f]+", |lex| bit_pattern(&lex.slice()[2..], 16))]
    #[regex(r"0o[0-7]+", |lex| bit_pattern(&lex.slice()[2..], 8))]
    #[regex(r"0b[01]+", |lex| bit_pattern(&lex.slice()[2..], 2))]
    Number(i64),
    #[token("\"", string)]
    String(String),
    #[token("not")]
    Not,
    #[token("#inf")]
    #[token("#infimum")]
    Infimum,
    #[token("#sup")]
    #[token("#supremum")]
    Supremum,
    #[token("#true")]
    True,
    #[token("#false")]
    False,
    #[token("#count")]
    Count,
    #[token("#sum")]
    Sum,
    #[token("#sum+")]
    SumPlus,
    #[token("#min")]
    Min,
    #[token("#max")]
    Max,
    #[token("#minimize")]
    #[token("#minimise")]
    Minimize,
    #[token("#maximize")]
    #[token("#maximise")]
    Maximize,
    #[token("#show")]
    Show,
    /// `#show` followed by `-? name / arity .` (decided after lexing, as clingo's lexer does).
    ShowSig,
    #[token("#project")]
    Project,
    #[token("#defined")]
    Defined,
    #[token("#external")]
    External,
    #[token("#edge")]
    Edge,
    #[token("#heuristic")]
    Heuristic,
    #[token("#const")]
    Const,
    #[token("#program")]
    Program,
    #[token("#include")]
    Include,
    // gringo 3 keywords
    #[token("#hide")]
    Hide,
    /// gringo 3: `#hide` followed by a term (not `.` or a signature), decided after lexing.
    HideTerm,
    #[token("#domain")]
    Domain,
    #[token("#abs")]
    Abs,
    #[token("#mod")]
    ModKw,
    #[token("#pow")]
    PowKw,
    #[regex(r"#[A-Za-z_][A-Za-z0-9_]*", unknown_directive, priority = 1)]
    UnknownDirective,
    #[token(":-")]
    If,
    #[token(":~")]
    WeakIf,
    #[token(":")]
    Colon,
    #[token(",")]
    Comma,
    #[token(";")]
    Semicolon,
    #[token(".")]
    Dot,
    #[token("..")]
    Dots,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("|")]
    Bar,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("**")]
    Power,
    #[token("/")]
    Slash,
    #[token("\\")]
    Backslash,
    #[token("&")]
    Ampersand,
    #[token("?")]
    Question,
    #[token("^")]
    Caret,
    #[token("~")]
    Tilde,
    #[token("@")]
    At,
    #[token("=")]
    Eq,
    #[token("==")]
    EqEq,
    #[token("!=")]
    #[token("<>")]
    Ne,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
}

/// The 32-bit pattern of a hexadecimal, octal or binary literal, as clingo reads them: the
/// value modulo 2^32 as a signed integer (`0x80000000` is the smallest integer, `0xFFFFFFFF`
/// is -1). Never an error; the digits are those the token's regex admits.
fn bit_pattern(digits: &str, base: u32) -> i64 {
    let pattern = digits.chars().fold(0u32, |acc, c| {
        let digit = c.to_digit(base).unwrap_or(0);
        acc.wrapping_mul(base).wrapping_add(digit)
    });
    i64::from(pattern as i32)
}

/// Parses decimal digits; `Err` beyond `i64`.
fn decimal(digits: &str) -> Result<i64, LexError> {
    digits.parse().map_err(|_| LexError::IntegerTooLarge)
}

/// A `#word` that is not a directive of either dialect.
fn unknown_directive(_: &mut logos::Lexer<Token>) -> Result<(), LexError> {
    Err(LexError::UnknownDirective)
}

/// Skips a (nested) block comment after its opening `%*`.
fn block_comment(lex: &mut logos::Lexer<Token>) -> logos::FilterResult<(), LexError> {
    let rest = lex.remainder().as_bytes();
    let mut depth = 1usize;
    let mut at = 0usize;
    while at < rest.len() {
        match (rest[at], rest.get(at + 1)) {
            (b'%', Some(b'*')) => {
                depth += 1;
                at += 2;
            }
            (b'*', Some(b'%')) => {
                depth -= 1;
                at += 2;
                if depth == 0 {
                    lex.bump(at);
                    return logos::FilterResult::Skip;
                }
            }
            _ => at += 1,
        }
    }
    lex.bump(rest.len());
    logos::FilterResult::Error(LexError::UnterminatedComment)
}

/// Reads a string literal after its opening quote, resolving `\"`, `\\` and `\n`.
/// On failure only the quote is consumed (clingo then lexes the text after it).
fn string(lex: &mut logos::Lexer<Token>) -> Result<String, LexError> {
    let rest = lex.remainder();
    let mut value = String::new();
    let mut chars = rest.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => {
                lex.bump(at + 1);
                return Ok(value);
            }
            '\n' => break,
            '\\' => match chars.next() {
                Some((_, '"')) => value.push('"'),
                Some((_, '\\')) => value.push('\\'),
                Some((_, 'n')) => value.push('\n'),
                _ => break,
            },
            _ => value.push(c),
        }
    }
    Err(LexError::UnterminatedString)
}

/// One lexed item: a token or an error, with its byte range.
pub type Spanned = (usize, Result<Token, LexError>, usize);

/// Lexes a whole text; `#show` before `-? name / number .` becomes [`Token::ShowSig`].
pub fn tokenize(text: &str) -> Vec<Spanned> {
    let mut lexer = Token::lexer(text);
    let mut out = Vec::new();
    while let Some(item) = lexer.next() {
        let range = lexer.span();
        out.push((range.start, item, range.end));
    }
    mark_show_signatures(&mut out);
    out
}

/// Rewrites `#show` into `ShowSig` where a signature follows.
fn mark_show_signatures(tokens: &mut [Spanned]) {
    for at in 0..tokens.len() {
        if !matches!(tokens[at].1, Ok(Token::Show)) {
            continue;
        }
        let rest = &tokens[at + 1..];
        let skip = usize::from(matches!(rest.first(), Some((_, Ok(Token::Minus), _))));
        let shape = rest.get(skip..skip + 4).map(|window| {
            matches!(
                window,
                [
                    (_, Ok(Token::Identifier(_)), _),
                    (_, Ok(Token::Slash), _),
                    (_, Ok(Token::Number(_)), _),
                    (_, Ok(Token::Dot), _)
                ]
            )
        });
        if shape == Some(true) {
            tokens[at].1 = Ok(Token::ShowSig);
        }
    }
    mark_hide_terms(tokens);
}

/// Rewrites `#hide` into `HideTerm` unless `.` or a signature (`-? name / number .`) follows.
fn mark_hide_terms(tokens: &mut [Spanned]) {
    for at in 0..tokens.len() {
        if !matches!(tokens[at].1, Ok(Token::Hide)) {
            continue;
        }
        let rest = &tokens[at + 1..];
        let skip = usize::from(matches!(rest.first(), Some((_, Ok(Token::Minus), _))));
        let signature = matches!(
            rest.get(skip..skip + 4),
            Some([
                (_, Ok(Token::Identifier(_)), _),
                (_, Ok(Token::Slash), _),
                (_, Ok(Token::Number(_)), _),
                (_, Ok(Token::Dot), _)
            ])
        );
        let ends = matches!(rest.first(), Some((_, Ok(Token::Dot), _)) | None);
        if !signature && !ends {
            tokens[at].1 = Ok(Token::HideTerm);
        }
    }
}

impl Token {
    /// The token's name in clingo's messages (`syntax error, unexpected <name>`).
    pub fn clingo_name(&self) -> String {
        match self {
            Token::Identifier(_) => "<IDENTIFIER>".into(),
            Token::Variable(_) => "<VARIABLE>".into(),
            Token::Anonymous => "<ANONYMOUS>".into(),
            Token::Number(_) => "<NUMBER>".into(),
            Token::String(_) => "<STRING>".into(),
            other => other.text().into(),
        }
    }

    /// The fixed text of a punctuation or keyword token.
    pub fn text(&self) -> &'static str {
        use Token::*;
        match self {
            Identifier(_) | Variable(_) | Number(_) | String(_) => "<value>",
            BlockComment => "%*",
            Anonymous => "_",
            Not => "not",
            Infimum => "#inf",
            Supremum => "#sup",
            True => "#true",
            False => "#false",
            Count => "#count",
            Sum => "#sum",
            SumPlus => "#sum+",
            Min => "#min",
            Max => "#max",
            Minimize => "#minimize",
            Maximize => "#maximize",
            Show | ShowSig => "#show",
            Project => "#project",
            Defined => "#defined",
            External => "#external",
            Edge => "#edge",
            Heuristic => "#heuristic",
            Const => "#const",
            Program => "#program",
            Include => "#include",
            Hide | HideTerm => "#hide",
            Domain => "#domain",
            Abs => "#abs",
            ModKw => "#mod",
            PowKw => "#pow",
            UnknownDirective => "#",
            If => ":-",
            WeakIf => ":~",
            Colon => ":",
            Comma => "\",\"",
            Semicolon => ";",
            Dot => ".",
            Dots => "..",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            RBrace => "}",
            LBracket => "[",
            RBracket => "]",
            Bar => "|",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Power => "**",
            Slash => "/",
            Backslash => "\\",
            Ampersand => "&",
            Question => "?",
            Caret => "^",
            Tilde => "~",
            At => "@",
            Eq => "=",
            EqEq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
        }
    }

    /// True for the keywords that exist only in gringo 3.
    pub fn is_legacy_keyword(&self) -> bool {
        matches!(
            self,
            Token::Hide
                | Token::HideTerm
                | Token::Domain
                | Token::Abs
                | Token::ModKw
                | Token::PowKw
        )
    }
}
