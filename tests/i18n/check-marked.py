#!/usr/bin/env python3
# check-marked.py SOURCE_ROOT: fails where a text a person reads is not in
# the catalogue. In the .ui files, a text property without
# translatable="yes"; in the C of src/ui and src/model, a string literal
# given straight to a call that shows it (a label, a title, a toast, a
# screen reader's name, an error's message) outside _(), C_(), N_() and
# the like. It judges only what it can judge from the call itself: a
# string built first and shown later is left to review.
#
# A statement opts out with /* not for people */ in it or just before it
# (in a .ui file, on the property's line or the line before): ids, CSS,
# debug.

import glob
import os
import re
import sys
import xml.etree.ElementTree as ElementTree

OPT_OUT = "not for people"

# .ui properties and menu attributes whose value people read (or hear).
# Not icon-name (an icon's id) or name (a widget's id for CSS and tests).
UI_TEXT_NAMES = {
    "label", "title", "subtitle", "tooltip-text", "tooltip-markup",
    "placeholder-text", "description", "text", "secondary-text",
    "heading", "body", "accelerator-label",
}

# Calls that show text: the argument (counted from 0) that is the text.
TEXT_CALLS = {
    "gtk_label_new": [0],
    "gtk_label_new_with_mnemonic": [0],
    "gtk_label_set_text": [1],
    "gtk_label_set_markup": [1],
    "gtk_label_set_label": [1],
    "gtk_label_set_text_with_mnemonic": [1],
    "gtk_label_set_markup_with_mnemonic": [1],
    "gtk_button_new_with_label": [0],
    "gtk_button_new_with_mnemonic": [0],
    "gtk_button_set_label": [1],
    "gtk_check_button_new_with_label": [0],
    "gtk_check_button_new_with_mnemonic": [0],
    "gtk_check_button_set_label": [1],
    "gtk_toggle_button_new_with_label": [0],
    "gtk_toggle_button_new_with_mnemonic": [0],
    "gtk_menu_button_set_label": [1],
    "gtk_frame_new": [0],
    "gtk_frame_set_label": [1],
    "gtk_widget_set_tooltip_text": [1],
    "gtk_widget_set_tooltip_markup": [1],
    "gtk_window_set_title": [1],
    "gtk_entry_set_placeholder_text": [1],
    "gtk_text_set_placeholder_text": [1],
    "gtk_file_filter_set_name": [1],
    "gtk_file_chooser_native_new": [0, 3, 4],
    "gtk_progress_bar_set_text": [1],
    "gtk_shortcut_label_set_disabled_text": [1],
    "g_menu_append": [1],
    "g_menu_prepend": [1],
    "g_menu_insert": [2],
    "g_menu_item_new": [0],
    "g_menu_item_set_label": [1],
    "g_notification_new": [0],
    "g_notification_set_title": [1],
    "g_notification_set_body": [1],
    "g_notification_add_button": [1],
    "adw_toast_new": [0],
    "adw_message_dialog_new": [1, 2],
    "adw_message_dialog_add_response": [2],
    "adw_message_dialog_set_response_label": [2],
    "adw_status_page_set_description": [1],
    "adw_split_button_set_label": [1],
    "adw_button_content_set_label": [1],
    "adw_tab_page_set_tooltip": [1],
    "adw_view_stack_add_titled": [3],
    "ksm_a11y_set_label": [1],
    "ksm_announce": [1],
    "ksm_announce_latest": [1],
    "ksm_announce_set_description": [1],
    "ksm_announce_set_description_later": [1],
    # an error's message is what a person is shown of it
    "g_set_error": [3],
    "g_set_error_literal": [3],
    "g_error_new": [2],
    "g_error_new_literal": [2],
    "g_prefix_error": [1],
    "g_prefix_error_literal": [1],
    "g_propagate_prefixed_error": [2],
    "g_task_return_new_error": [3],
    # the helpers that write numbers for people: their format is for people
    "ksm_format": [0],
    "ksm_markup_format": [0],
    "ksm_string_append_format": [1],
}

# In src/model a string that is built is a message or a file's name (a
# file's name opts out); in src/ui it is as often a CSS class or a path, so
# there these count only where a call above shows what they build.
MODEL_BUILD_CALLS = {
    "g_strdup_printf": [0],
    "g_strdup": [0],
    "g_strconcat": None,
    "g_string_append": [1],
    "g_string_append_printf": [1],
    "g_string_new": [0],
}

# adw_*_set_title and its kin, whichever widget: the text is the second
ADW_SETTER = re.compile(r"^adw_\w+_set_(title|subtitle|description|heading|body|label|tooltip)$")

# gtk_accessible_update_property (widget, PROPERTY, value, ..., -1)
ACCESSIBLE_TEXT = {"GTK_ACCESSIBLE_PROPERTY_LABEL", "GTK_ACCESSIBLE_PROPERTY_DESCRIPTION",
                   "GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER", "GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT",
                   "GTK_ACCESSIBLE_PROPERTY_ROLE_DESCRIPTION"}

# what marks a string for the catalogue
MARKERS = {"_", "C_", "N_", "NC_", "Q_", "ngettext", "g_dngettext", "g_dgettext",
           "g_dpgettext", "g_dpgettext2", "dgettext", "gettext", "dngettext"}

# calls whose result is their text: a literal in them is shown when the
# call's result is (g_strdup_printf ("…") given to gtk_label_set_text)
PASS_THROUGH = {"g_strdup_printf": [0], "g_strdup": [0], "g_markup_printf_escaped": [0],
                "ksm_format": [0], "ksm_markup_format": [0], "g_strconcat": None}

PRINTF_CONVERSION = re.compile(r"%(\d+\$)?[-+ #0'I]*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|L|q|j|z|t)?[a-zA-Z%]")
ESCAPE = re.compile(r"\\(x[0-9a-fA-F]+|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|.)")
MARKUP = re.compile(r"<[^<>]*>|&\w+;|&#\d+;")


def has_letter(text):
    """A letter that is words, not a printf conversion, an escape or a tag."""
    text = ESCAPE.sub(" ", text)
    text = MARKUP.sub(" ", text)
    text = PRINTF_CONVERSION.sub(" ", text)
    text = re.sub(r"\b(G_G(U)?INT(8|16|32|64)_FORMAT|G_GSIZE_FORMAT|G_GSSIZE_FORMAT)\b", " ", text)
    return any(c.isalpha() for c in text)


TOKEN = re.compile(r"""
    (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<string>"(?:\\.|[^"\\\n])*")
  | (?P<char>'(?:\\.|[^'\\\n])+')
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<newline>\n)
  | (?P<space>[ \t\r\f\v]+)
  | (?P<punct>.)
""", re.S | re.X)


def tokenize(source):
    """(kind, text, line) for the C of `source`, without comments or
    preprocessor lines; `opted` holds the lines that opt out."""
    tokens, opted = [], set()
    line, at_line_start, in_directive = 1, True, False
    opting_from = None
    for match in TOKEN.finditer(source):
        kind, text = match.lastgroup, match.group()
        if kind == "comment":
            if OPT_OUT in text:
                if tokens and tokens[-1][2] == line and tokens[-1][1] in ";}":
                    opted.add(line)             # after its statement: that line
                elif opting_from is None:
                    opting_from = line          # else the statement it is in or before
            line += text.count("\n")
            continue
        if kind == "punct" and text == ";" and opting_from is not None:
            opted.update(range(opting_from, line + 1))
            opting_from = None
        if kind == "newline":
            line += 1
            at_line_start = True
            if not (tokens and tokens[-1][1] == "\\" and in_directive):
                in_directive = False
            continue
        if kind == "space":
            continue
        if at_line_start and text == "#":
            in_directive = True
        at_line_start = False
        if in_directive:
            tokens.append(("directive", text, line))
            continue
        tokens.append((kind, text, line))
    return [t for t in tokens if t[0] != "directive"], opted


def group_end(tokens, open_at):
    """The index of the ')' that closes the '(' at open_at."""
    depth = 0
    for i in range(open_at, len(tokens)):
        if tokens[i][1] in "([{":
            depth += 1
        elif tokens[i][1] in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return len(tokens) - 1


def arguments(tokens, open_at):
    """The arguments of the call whose '(' is at open_at, as token lists."""
    end = group_end(tokens, open_at)
    args, current, depth = [], [], 0
    for token in tokens[open_at + 1:end]:
        if token[1] in "([{":
            depth += 1
        elif token[1] in ")]}":
            depth -= 1
        if token[1] == "," and depth == 0:
            args.append(current)
            current = []
        else:
            current.append(token)
    if current or args:
        args.append(current)
    return args


def unmarked_literals(arg):
    """The string literals of an argument that reach the text unmarked:
    (line, text) of each run of adjacent literals."""
    found, i = [], 0
    while i < len(arg):
        kind, text, line = arg[i]
        if kind == "ident" and i + 1 < len(arg) and arg[i + 1][1] == "(":
            end = i + 1 + group_end(arg[i + 1:], 0)
            if text in PASS_THROUGH:
                inner = arguments(arg, i + 1)
                which = PASS_THROUGH[text]
                for n in (range(len(inner)) if which is None else which):
                    if n < len(inner):
                        found += unmarked_literals(inner[n])
            # a marked string, or a call whose result is not its text
            i = end + 1
            continue
        if kind == "string":
            first_line, pieces = line, []
            while i < len(arg) and arg[i][0] in ("string", "ident") and (
                    arg[i][0] == "string" or arg[i][1].endswith("_FORMAT")):
                if arg[i][0] == "string":
                    pieces.append(arg[i][1][1:-1])
                i += 1
            found.append((first_line, "".join(pieces)))
            continue
        i += 1
    return found


def check_c(path, relative):
    with open(path, encoding="utf-8") as f:
        tokens, opted = tokenize(f.read())
    in_model = relative.replace(os.sep, "/").startswith("src/model/")
    findings = []
    for i, (kind, name, line) in enumerate(tokens):
        if kind != "ident" or i + 1 >= len(tokens) or tokens[i + 1][1] != "(":
            continue
        if i > 0 and tokens[i - 1][1] in (".", "->"):
            continue
        args = None
        if name in TEXT_CALLS:
            args = arguments(tokens, i + 1)
            judged = [args[n] for n in TEXT_CALLS[name] if n < len(args)]
        elif in_model and name in MODEL_BUILD_CALLS:
            args = arguments(tokens, i + 1)
            which = MODEL_BUILD_CALLS[name]
            judged = args if which is None else [args[n] for n in which if n < len(args)]
        elif ADW_SETTER.match(name):
            args = arguments(tokens, i + 1)
            judged = args[1:2]
        elif name == "gtk_accessible_update_property":
            args = arguments(tokens, i + 1)
            judged = [args[n + 1] for n in range(1, len(args) - 1)
                      if len(args[n]) == 1 and args[n][0][1] in ACCESSIBLE_TEXT]
        else:
            continue
        # a declaration or a definition of the function, not a call
        if i > 0 and tokens[i - 1][0] == "ident" and tokens[i - 1][1] not in ("return", "else"):
            continue
        for arg in judged:
            for at, text in unmarked_literals(arg):
                finding = "%s:%d: %s" % (relative, at, text)
                # a literal inside two judged calls is one finding
                if has_letter(text) and at not in opted and finding not in findings:
                    findings.append(finding)
    return findings


def ui_line_numbers(source):
    """The line of each <property or <attribute start tag, in order."""
    return [source.count("\n", 0, m.start()) + 1
            for m in re.finditer(r"<(property|attribute)\b", source)]


def check_ui(path, relative):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    # comments blanked, lines kept: a tag in a comment is no element
    lines = ui_line_numbers(re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group()),
                                   source, flags=re.S))
    opted = {source.count("\n", 0, m.start()) + 1 + d
             for m in re.finditer(re.escape(OPT_OUT), source) for d in (0, 1)}
    findings = []
    elements = [e for e in ElementTree.fromstring(source).iter()
                if e.tag in ("property", "attribute")]
    for element, line in zip(elements, lines):
        name = element.get("name", "").replace("_", "-")
        text = (element.text or "").strip()
        if name not in UI_TEXT_NAMES or not has_letter(text):
            continue
        if element.get("translatable") == "yes" or line in opted:
            continue
        findings.append("%s:%d: %s" % (relative, line, text))
    return findings


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check-marked.py SOURCE_ROOT")
    root = sys.argv[1]
    findings, checked = [], 0
    patterns = [("src/ui/*.c", check_c), ("src/model/*.c", check_c),
                ("src/ui/*.ui", check_ui), ("src/ui/gtk/*.ui", check_ui)]
    for pattern, check in patterns:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            findings += check(path, os.path.relpath(path, root))
            checked += 1
    if checked == 0:
        sys.exit("no sources under %s" % root)
    for finding in findings:
        print(finding)
    if findings:
        print("%d texts for people are not marked for translation" % len(findings))
        return 1
    print("%d files: every text for people is marked" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
