#!/usr/bin/python3
"""No number for a person is written by printf in src/ui.

Every number a view shows goes through src/ui/ksm-numbers.h, which writes
it in the language's digits (Devanagari in Nepali and Newar). This fails,
printing file:line, on each printf-family call of src/ui/*.c whose format
has a numeric conversion (%d %u %.1f %+.1f %02u %x ...; %% is not one),
unless the call's line or the line before says /* not for people */ (CSS,
ids, signatures, debugging). A format held in a variable is looked for in
what the function assigned to it before the call.

  check-numbers.py SOURCE_ROOT
"""

import pathlib
import re
import sys

MARK = "/* not for people */"
CALL = re.compile(r"\b(g_strdup_printf|g_string_append_printf|g_string_printf|"
                  r"g_markup_printf_escaped|g_snprintf|g_sprintf|g_printf|g_print|"
                  r"g_printerr|g_fprintf|printf|fprintf|sprintf|snprintf|"
                  r"pango_layout_set_text_printf)\s*\(")
# a conversion: its place (2$), flags, width, precision, length, letter
CONVERSION = re.compile(r"%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?"
                        r"(?:hh|h|ll|l|L|q|j|z|t)?([diouxXeEfFgGaAcspn%])")
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
# GLib's macros for the lengths and letters of its integer types
FORMAT_MACRO = re.compile(r'"%"\s*G_G(?:U?INT(?:8|16|32|64)|SIZE|SSIZE|OFFSET|INTPTR|UINTPTR)_FORMAT\b'
                          r'|G_G(?:U?INT(?:8|16|32|64)|SIZE|SSIZE|OFFSET|INTPTR|UINTPTR)_MODIFIER\b')


def call_text(text, start):
    """The text of the call whose opening parenthesis is at `start`, up to
    its closing one, strings and characters skipped over"""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c in "\"'":
            i += 1
            while i < len(text) and text[i] != c:
                i += 2 if text[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
        i += 1
    return text[start:]


def arguments(call):
    """The top-level arguments of `call` (its parentheses included)"""
    parts, depth, current, i = [], 0, "", 1
    while i < len(call) - 1:
        c = call[i]
        if c in "\"'":
            j = i + 1
            while j < len(call) and call[j] != c:
                j += 2 if call[j] == "\\" else 1
            current += call[i:j + 1]
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += c
        i += 1
    parts.append(current.strip())
    return parts


def has_number(expression):
    if FORMAT_MACRO.search(expression):
        return True
    for literal in STRING.findall(expression):
        for match in CONVERSION.finditer(literal):
            if match.group(1) not in "csp%n":
                return True
    return False


def function_start(text, offset):
    """Where the function holding `offset` begins: after the last line that
    closes one at the first column"""
    end = text.rfind("\n}", 0, offset)
    return 0 if end < 0 else end


def format_expression(name, args, text, offset):
    """The format of a call, or what was assigned to it when it is a variable"""
    index = 1 if name in ("g_string_append_printf", "g_string_printf", "g_fprintf",
                          "fprintf", "sprintf", "g_sprintf") else 2 if name in ("g_snprintf", "snprintf") else 0
    if name == "pango_layout_set_text_printf":
        index = 1
    if index >= len(args):
        return " ".join(args)
    expression = args[index]
    # a variable, or a variable translated: _(format)
    variable = re.fullmatch(r"(?:_\s*\(\s*)?([A-Za-z_]\w*)\s*\)?", expression)
    if variable:
        name = variable.group(1)
        body = text[function_start(text, offset):offset]
        assigned = re.findall(r"\b" + re.escape(name) + r"\s*=([^;=][^;]*);", body)
        return " ".join(assigned) or expression
    return expression


def check(path):
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    failures = []
    for match in CALL.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        prefix = text[line_start:match.start()]
        # not in a comment or a string
        if "//" in prefix or prefix.lstrip().startswith("*") or prefix.count('"') % 2 == 1:
            continue
        lineno = text.count("\n", 0, match.start()) + 1
        call = call_text(text, match.end() - 1)
        expression = format_expression(match.group(1), arguments(call), text, match.start())
        if not has_number(expression):
            continue
        here = lines[lineno - 1]
        before = lines[lineno - 2] if lineno >= 2 else ""
        if MARK in here or MARK in before:
            continue
        first = " ".join(call.split())
        failures.append(f"{path}:{lineno}: {match.group(1)} {first[:100]}")
    return failures


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    sources = sorted((root / "src" / "ui").glob("*.c"))
    if not sources:
        print(f"no sources under {root / 'src' / 'ui'}", file=sys.stderr)
        return 1
    failures = []
    for path in sources:
        failures += check(path)
    for failure in failures:
        print(failure)
    if failures:
        print(f"{len(failures)} printf calls write numbers for people: use ksm-numbers.h "
              f"(ksm_format...), or mark a string for machines {MARK}")
        return 1
    print(f"{len(sources)} files: every number for people goes through ksm-numbers.h")
    return 0


if __name__ == "__main__":
    sys.exit(main())
