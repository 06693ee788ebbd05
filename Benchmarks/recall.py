#!/usr/bin/env python3
"""Recall benchmark: plants one bug at a time in copies of the real projects of
../shared/realworld/ and checks whether nibscan reports it.

Each plant is a rename a developer made on one side only (code or Interface Builder),
chosen where the files show that it breaks something at run time:

  outlet-renamed         an @IBOutlet / IBOutlet property that an IB file connects (an
                         <outlet property="X"> of an object whose customClass is the class or
                         a subclass) renamed in its declaration only (X -> XRenamed); the name
                         is declared as an outlet exactly once in the project (and, in
                         Objective-C, has no explicit ivar, @synthesize or setter left that
                         would still take the value)
  action-renamed         an @IBAction func / - (IBAction) method that an IB file connects
                         (<action selector="foo:"> whose destination has the class)
                         renamed in code (Objective-C: its declaration and implementation)
  inspectable-renamed    an @IBInspectable / IBInspectable property that IB sets through
                         <userDefinedRuntimeAttribute keyPath="x"> renamed in code
  class-renamed          a class declared once in code and named by customClass="Foo" in IB,
                         renamed in its declaration lines only (class / extension,
                         @interface / @implementation)
  xib-renamed            a .xib that code loads by a literal name (loadNibNamed("Foo",
                         UINib(nibName: "Foo", initWithNibName:@"Foo", ...) renamed on disk
                         and in project.pbxproj, as Xcode's rename does, the literal left stale
  storyboard-id-changed  a storyboardIdentifier="X" that code instantiates by a literal,
                         changed in the storyboard only
  segue-id-changed       a segue identifier="X" that code performs by a literal, changed in
                         the storyboard only

Every plant is an in-line rename, so line numbers do not move. A plant is FOUND when the
analysis of the planted copy reports an error or warning that the analysis of the same
copy before planting did not (compared by rule, severity, path and line of the first
location, as a multiset) and one of whose locations points at the planted place: the IB
element changed or broken (the connection, the runtime attribute, the customClass
element, the storyboard or segue element), the code line changed, the literal's use site,
or any line of the renamed xib. Misses are split into: reported as info at the place
(marked "read: does not run" when a fact the analysis read, such as a nib nothing loads or
code nothing calls, caps it at info), reported (error/warning) only elsewhere, reported as
info only elsewhere, and silent.

The ten holdout projects are reported only in aggregate unless --show-holdout is given
(whoever tunes nibscan must stay blind to their individual misses).

Exit status 1 when a kind planted no bug in the whole run (unless --allow-missing-kinds)
or when the binary failed (non-zero exit, bad JSON or over the timeout) on any analysis.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.parsers.expat

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("NIBSCAN_SHARED_DIR", os.path.join(os.path.dirname(ROOT), "shared"))
REALWORLD = os.path.join(SHARED, "realworld")
HOLDOUT = ("tinode__ios", "LoopKit__Loop", "Coding__Coding-iOS", "coteditor__CotEditor",
           "JohnCoates__Aerial", "MLSDev__LoadableViews", "annabd351__MrRoboto",
           "mssun__passforios", "eczarny__spectacle", "jakob__TableTool")
KINDS = ("outlet-renamed", "action-renamed", "inspectable-renamed", "class-renamed",
         "xib-renamed", "storyboard-id-changed", "segue-id-changed")
GATED = ("error", "warning")
TIMEOUT = 120
SUFFIX = "Renamed"
SOURCE_EXTENSIONS = (".swift", ".h", ".m", ".mm")
IB_EXTENSIONS = (".xib", ".storyboard")


# ---------------------------------------------------------------------------------------
# Reading a project

class Node:
    __slots__ = ("tag", "attrs", "line", "parent", "children")

    def __init__(self, tag, attrs, line, parent):
        self.tag, self.attrs, self.line, self.parent, self.children = tag, attrs, line, parent, []


def parse_ib(path):
    """The element tree of an IB file with each element's start line, or None."""
    root = Node("#document", {}, 0, None)
    stack = [root]
    parser = xml.parsers.expat.ParserCreate()

    def start(tag, attrs):
        node = Node(tag, attrs, parser.CurrentLineNumber, stack[-1])
        stack[-1].children.append(node)
        stack.append(node)

    def end(_tag):
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        with open(path, "rb") as handle:
            parser.ParseFile(handle)
    except (xml.parsers.expat.ExpatError, OSError):
        return None
    return root


def walk(node):
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


SWIFT_TYPE = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|private|fileprivate|final|indirect)\s+)*"
    r"(class|struct|enum|extension|protocol|actor)\s+([A-Za-z_][\w.]*)")
SWIFT_CLASS_DECL = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|final)\s+)*class\s+([A-Za-z_]\w*)\s*(?::\s*([A-Za-z_][\w.]*))?")
OBJC_INTERFACE = re.compile(r"^\s*@interface\s+([A-Za-z_]\w*)\s*(?::\s*([A-Za-z_]\w*)|\()?")
OBJC_IMPLEMENTATION = re.compile(r"^\s*@implementation\s+([A-Za-z_]\w*)")
OBJC_PROTOCOL = re.compile(r"^\s*@protocol\s+([A-Za-z_]\w*)(?!\s*[;,])")
# After a SWIFT_TYPE match: the conformance (or refinement) list up to the body's brace.
SWIFT_CONFORMANCE_LIST = re.compile(r"(?:<[^>]*>)?\s*:\s*([^{]*)")
SWIFT_PROPERTY = re.compile(r"\bvar\s+([A-Za-z_]\w*)")
OBJC_PROPERTY = re.compile(r"^\s*@property\b[^;]*?\b([A-Za-z_]\w*)\s*;")
OBJC_END = re.compile(r"^\s*@end\b")

SWIFT_OUTLET = re.compile(r"@IBOutlet\b(?!Collection)(?:[^/]*?)\b(?:var|let)\s+([A-Za-z_]\w*)")
OBJC_OUTLET_PROPERTY = re.compile(r"^\s*@property\s*(?:\([^)]*\))?\s*(?:__weak\s+|__strong\s+)?IBOutlet\b([^;]*?)\b([A-Za-z_]\w*)\s*;")
OBJC_OUTLET_IVAR = re.compile(r"^\s*(?:__weak\s+|__strong\s+)?IBOutlet\s+([^;]*?)\b([A-Za-z_]\w*)\s*;")
SWIFT_ACTION = re.compile(r"@IBAction\b.*?\bfunc\s+([A-Za-z_]\w*)\s*\(")
OBJC_ACTION = re.compile(r"^\s*-\s*\(\s*IBAction\s*\)\s*([A-Za-z_]\w*)")
SWIFT_INSPECTABLE = re.compile(r"@IBInspectable\b.*?\bvar\s+([A-Za-z_]\w*)")
OBJC_INSPECTABLE = re.compile(r"^\s*@property\s*(?:\([^)]*\))?\s*IBInspectable\b([^;]*?)\b([A-Za-z_]\w*)\s*;")

NIB_LOAD = re.compile(
    r"(?:[Nn]ibNamed|[Nn]ibName|NSNib\.Name)\s*(?:\(\s*|:\s*)@?\"([A-Za-z_][\w-]*)\"")
SB_INSTANTIATE = re.compile(
    r"instantiate(?:View)?Controller(?:\s*\(\s*withIdentifier\s*:\s*|WithIdentifier\s*:\s*@)"
    r"(?:NSStoryboard\.SceneIdentifier\(\s*)?\"([^\"]+)\"")
SEGUE_PERFORM = re.compile(
    r"performSegue(?:\s*\(\s*withIdentifier\s*:\s*|WithIdentifier\s*:\s*@)"
    r"(?:NSStoryboardSegue\.Identifier\(\s*)?\"([^\"]+)\"")


class Source:
    """One source file: its lines, which are comments, and the type each line is in."""

    def __init__(self, path, text):
        self.path = path
        self.lines = text.split("\n")
        self.language = "swift" if path.endswith(".swift") else "objc"
        self.comment = [False] * len(self.lines)
        self.context = [None] * len(self.lines)
        in_block = False
        current = None
        for index, line in enumerate(self.lines):
            stripped = line.strip()
            if in_block:
                self.comment[index] = True
                if "*/" in line:
                    in_block = False
                continue
            if stripped.startswith("//"):
                self.comment[index] = True
                continue
            if stripped.startswith("/*"):
                self.comment[index] = True
                in_block = "*/" not in stripped[2:]
                continue
            if "/*" in line and "*/" not in line.split("/*", 1)[1]:
                in_block = True
            if self.language == "swift":
                match = SWIFT_TYPE.match(line)
                if match and match.group(2) not in ("func", "var", "let"):
                    current = match.group(2).split(".")[-1]
            else:
                match = OBJC_INTERFACE.match(line) or OBJC_IMPLEMENTATION.match(line)
                if match:
                    current = match.group(1)
                elif OBJC_END.match(line):
                    self.context[index] = current
                    current = None
                    continue
            self.context[index] = current

    def code_lines(self):
        for index, line in enumerate(self.lines):
            if not self.comment[index]:
                yield index + 1, line


class Project:
    def __init__(self, folder):
        self.folder = folder
        self.sources = {}
        self.ib = {}
        self.files = []
        for directory, subdirs, names in os.walk(folder):
            subdirs.sort()
            for name in sorted(names):
                path = os.path.relpath(os.path.join(directory, name), folder)
                self.files.append(path)
                if name.endswith(SOURCE_EXTENSIONS):
                    with open(os.path.join(folder, path), "rb") as handle:
                        text = handle.read().decode("utf-8", errors="surrogateescape")
                    self.sources[path] = Source(path, text)
                elif name.endswith(IB_EXTENSIONS):
                    tree = parse_ib(os.path.join(folder, path))
                    if tree is not None:
                        self.ib[path] = tree
        self.superclass = {}
        self.class_files = collections.defaultdict(set)
        for source in self.sources.values():
            for number, line in source.code_lines():
                context = source.context[number - 1]
                if context:
                    self.class_files[context].add(source.path)
                if source.language == "swift":
                    match = SWIFT_CLASS_DECL.match(line)
                else:
                    match = OBJC_INTERFACE.match(line)
                if match and match.group(2):
                    self.superclass.setdefault(match.group(1), match.group(2).split(".")[-1])
        self.protocol_members, self.conformances = self.read_protocols()

    def read_protocols(self):
        """The properties each protocol of the project requires and no extension of it
        supplies, and the protocols each type states it conforms to (in its declaration, an
        extension, an Objective-C `<…>` list; a protocol's own list is those it refines)."""
        swift_protocols = {match.group(2) for source in self.sources.values() if source.language == "swift"
                           for _, line in source.code_lines() for match in [SWIFT_TYPE.match(line)]
                           if match and match.group(1) == "protocol"}
        members = collections.defaultdict(set)
        defaults = collections.defaultdict(set)
        conformances = collections.defaultdict(set)
        for source in self.sources.values():
            in_protocol = None  # the Objective-C @protocol being read
            reading = None  # in Swift: a protocol's requirements, or an extension's defaults
            for number, line in source.code_lines():
                if source.language == "swift":
                    declaring = SWIFT_TYPE.match(line)
                    listed = declaring and SWIFT_CONFORMANCE_LIST.match(line, declaring.end())
                    if listed:
                        text, following = listed.group(1), number
                        # A list that goes on over the next lines (a trailing comma).
                        while "{" not in line[listed.start(1):] and text.rstrip().endswith(",") \
                                and following < min(len(source.lines), number + 10):
                            following += 1
                            text += " " + source.lines[following - 1].split("{")[0]
                        conformances[declaring.group(2).split(".")[-1]].update(re.findall(r"[A-Za-z_]\w*", text.split(" where ")[0]))
                    if declaring and declaring.group(2) not in ("func", "var", "let"):
                        # A default in an extension of the protocol lets a rename compile; one
                        # in a constrained extension (`where Self: UITextField`) may not apply.
                        reading = "requirement" if declaring.group(1) == "protocol" else \
                            "default" if declaring.group(1) == "extension" and " where " not in line else None
                    match = SWIFT_PROPERTY.search(line)
                    context = source.context[number - 1]
                    if match and context in swift_protocols and reading:
                        (members if reading == "requirement" else defaults)[context].add(match.group(1))
                    continue
                match = OBJC_PROTOCOL.match(line) or OBJC_INTERFACE.match(line)
                if match:
                    in_protocol = match.group(1) if line.lstrip().startswith("@protocol") else None
                    listed = re.search(r"<([^>]*)>", line)
                    if listed:
                        conformances[match.group(1)].update(re.findall(r"[A-Za-z_]\w*", listed.group(1)))
                elif OBJC_END.match(line):
                    in_protocol = None
                elif in_protocol and (match := OBJC_PROPERTY.match(line)):
                    members[in_protocol].add(match.group(1))
        return {protocol: names - defaults[protocol] for protocol, names in members.items()}, conformances

    def protocol_requires(self, klass, name):
        """True when a protocol the class or a superclass conforms to (or one it refines)
        requires a property `name`: renaming the class' member would stop it compiling."""
        seen = set()
        pending = [p for c in self.lineage(klass) for p in self.conformances.get(c, ())]
        while pending and len(seen) < 200:
            protocol = pending.pop()
            if protocol in seen:
                continue
            seen.add(protocol)
            if name in self.protocol_members.get(protocol, ()):
                return True
            pending.extend(self.conformances.get(protocol, ()))
        return False

    def lineage(self, name):
        """The class and its superclasses as far as the code declares them."""
        chain = []
        while name and name not in chain and len(chain) < 30:
            chain.append(name)
            name = self.superclass.get(name)
        return chain

    def ib_nodes(self):
        for path, tree in self.ib.items():
            for node in walk(tree):
                yield path, node


# Properties the frameworks declare on common base classes: an outlet of that name keeps
# working after its redeclaration in code is renamed, so it is not planted.
_CONTROLLER = {"view", "delegate", "dataSource"}
FRAMEWORK_PROPERTIES = {
    "UIViewController": _CONTROLLER, "NSViewController": _CONTROLLER,
    "UITableViewController": _CONTROLLER | {"tableView", "refreshControl"},
    "UICollectionViewController": _CONTROLLER | {"collectionView"},
    "UINavigationController": _CONTROLLER | {"navigationBar", "toolbar"},
    "UITabBarController": _CONTROLLER | {"tabBar"},
    "NSWindowController": {"window", "delegate"},
    "NSWindow": {"contentView", "initialFirstResponder", "delegate"},
    "NSPanel": {"contentView", "initialFirstResponder", "delegate"},
    "UITableViewCell": {"textLabel", "detailTextLabel", "imageView", "contentView", "accessoryView",
                        "backgroundView", "selectedBackgroundView", "editingAccessoryView"},
    "UICollectionViewCell": {"contentView", "backgroundView", "selectedBackgroundView"},
    "UITableViewHeaderFooterView": {"textLabel", "detailTextLabel", "contentView", "backgroundView"},
    "UIButton": {"titleLabel", "imageView"},
    "NSTableCellView": {"textField", "imageView"},
    "NSTableView": {"delegate", "dataSource"}, "UITableView": {"delegate", "dataSource"},
    "UICollectionView": {"delegate", "dataSource"}, "UIScrollView": {"delegate"},
    "NSView": {"menu", "nextKeyView"},
}
ALWAYS_FRAMEWORK = {"delegate", "dataSource", "view"}


def framework_declares(project, klass, name):
    if name in ALWAYS_FRAMEWORK:
        return True
    root = project.lineage(klass)[-1]
    root = project.superclass.get(root, root)
    return name in FRAMEWORK_PROPERTIES.get(root, ())


def is_placeholder(node):
    """File's Owner, First Responder, the application (its class comes from Info.plist): IB
    instantiates no object for these."""
    return node.tag in ("placeholder", "application") or \
        (node.tag == "customObject" and node.attrs.get("id") in ("-1", "-2", "-3"))


def connection_owner(node):
    """The object whose <connections> holds this outlet or action element."""
    parent = node.parent
    if parent is not None and parent.tag == "connections":
        return parent.parent
    return None


def object_ids(tree):
    ids = {}
    for node in walk(tree):
        if "id" in node.attrs:
            ids.setdefault(node.attrs["id"], node)
    return ids


# ---------------------------------------------------------------------------------------
# Candidates: each a dict with kind, name, edits (path -> {line: new text}), renames
# ((old, new) relative paths), subs ((path, regex, replacement) on whole files), places
# ((path, line) pairs that count) and place_paths (paths of which any line counts).

def plant(kind, name, where, places, edits=None, renames=(), subs=(), place_paths=(), check=None):
    return {"kind": kind, "name": name, "where": where, "places": sorted(set(places)),
            "edits": edits or {}, "renames": list(renames), "subs": list(subs),
            "place_paths": list(place_paths), "check": check}


def rename_token(line, old, new, after=None):
    """Replaces the first whole-word `old` in line (after the regex `after` if given)."""
    start = 0
    if after is not None:
        match = re.search(after, line)
        if not match:
            return None
        start = match.end()
    match = re.compile(r"\b%s\b" % re.escape(old)).search(line, start)
    if not match:
        return None
    return line[:match.start()] + new + line[match.end():]


def member_declarations(project, swift_regex, objc_regexes):
    """name -> [(path, line, class, language)] of outlet/inspectable-like declarations."""
    found = collections.defaultdict(list)
    for source in project.sources.values():
        lines = source.lines
        for number, line in source.code_lines():
            if source.language == "swift":
                match = swift_regex.search(line)
                if not match and ("@IBOutlet" in line or "@IBInspectable" in line or "@IBAction" in line) \
                        and number < len(lines):
                    match = swift_regex.search(line + " " + lines[number])
                    if match:
                        number += 1  # the name is on the next line
                if match:
                    found[match.group(1)].append((source.path, number, source.context[number - 1], "swift"))
            else:
                for regex in objc_regexes:
                    match = regex.match(line)
                    if match:
                        if "," in match.group(1):
                            break  # several names in one declaration
                        found[match.group(2)].append((source.path, number, source.context[number - 1], "objc"))
                        break
    return found


def objc_still_settable(project, klass, name, declaration):
    """True when Objective-C code keeps something KVC would still set under the old name."""
    setter = "set" + name[:1].upper() + name[1:] + ":"
    ivar = re.compile(r"^\s*(?:IBOutlet\s+)?(?:__\w+\s+)?[A-Za-z_][\w<>, ]*\s*\*?\s*_?%s\s*;" % re.escape(name))
    synthesize = re.compile(r"@synthesize\b[^;]*\b%s\b" % re.escape(name))
    for path in project.class_files.get(klass, ()):
        source = project.sources[path]
        for number, line in source.code_lines():
            if (path, number) == declaration:
                continue
            if synthesize.search(line) or setter in line:
                return True
            if "@property" not in line and ivar.match(line):
                return True
    return False


def outlet_candidates(project):
    declared = member_declarations(project, SWIFT_OUTLET, (OBJC_OUTLET_PROPERTY, OBJC_OUTLET_IVAR))
    connected = collections.defaultdict(list)
    for path, node in project.ib_nodes():
        if node.tag == "outlet" and "property" in node.attrs:
            owner = connection_owner(node)
            if owner is not None and owner.attrs.get("customClass"):
                connected[node.attrs["property"]].append((path, node.line, owner.attrs["customClass"]))
    result = []
    for name, declarations in declared.items():
        if len(declarations) != 1 or name not in connected:
            continue
        path, line, klass, language = declarations[0]
        if not klass or framework_declares(project, klass, name) or project.protocol_requires(klass, name):
            continue
        candidate = member_plant("outlet-renamed", project, (path, line, klass, language), name, connected[name],
                                 swift_before=r"\b(?:var|let)\s+", objc_before=r"IBOutlet\b")
        if candidate:
            result.append(candidate)
    return result


def member_plant(kind, project, declaration, name, uses, swift_before, objc_before):
    """A plant renaming the member `name` at its one declaration (path, line, class,
    language), counted at the IB places in `uses` (path, line, custom class) of that class
    or a subclass; None when IB uses it nowhere there or the line does not rename cleanly."""
    path, line, klass, language = declaration
    places = [(ib, ib_line) for ib, ib_line, custom in uses if klass in project.lineage(custom)]
    if not places:
        return None
    after = swift_before + r"(?=%s\b)" % name if language == "swift" else objc_before
    new = rename_token(project.sources[path].lines[line - 1], name, name + SUFFIX, after=after)
    if new is None:
        return None
    check = (lambda p=project, k=klass, n=name, d=(path, line): not objc_still_settable(p, k, n, d)) \
        if language == "objc" else None
    return plant(kind, f"{klass}.{name}", f"{path}:{line}", places + [(path, line)], edits={path: {line: new}}, check=check)


def action_candidates(project):
    swift = collections.defaultdict(list)
    objc = collections.defaultdict(list)
    for source in project.sources.values():
        for number, line in source.code_lines():
            if source.language == "swift":
                match = SWIFT_ACTION.search(line)
                at = number
                if not match and "@IBAction" in line and number < len(source.lines):
                    match = SWIFT_ACTION.search(line + " " + source.lines[number])
                    at = number + 1
                if match:
                    swift[match.group(1)].append((source.path, at, source.context[number - 1]))
            else:
                match = OBJC_ACTION.match(line)
                if match:
                    objc[match.group(1)].append((source.path, number, source.context[number - 1]))
    actions = collections.defaultdict(list)
    for path, tree in project.ib.items():
        ids = None
        for node in walk(tree):
            destination = node.attrs.get("destination") or node.attrs.get("target")
            if node.tag == "action" and node.attrs.get("selector") and destination:
                if ids is None:
                    ids = object_ids(tree)
                target = ids.get(destination)
                if target is not None and target.attrs.get("customClass"):
                    base = node.attrs["selector"].split(":")[0]
                    actions[base].append((path, node.line, target.attrs["customClass"]))

    def connected_to(name, klass):
        places = []
        for base, entries in actions.items():
            if base == name or (base.startswith(name + "With") and base[len(name) + 4:][:1].isupper()):
                places += [(p, l) for p, l, custom in entries if klass in project.lineage(custom)]
        return places

    result = []
    names = set(swift) | set(objc)
    for name in names:
        declarations = swift.get(name, []) + objc.get(name, [])
        classes = {klass for _, _, klass in declarations}
        if len(classes) != 1 or None in classes:
            continue
        klass = classes.pop()
        if name in swift:
            if len(declarations) != 1:
                continue
        else:
            implementations = [d for d in declarations if not d[0].endswith(".h")]
            if len(implementations) != 1:
                continue
        places = connected_to(name, klass)
        if not places:
            continue
        edits = collections.defaultdict(dict)
        for path, line, _ in declarations:
            text = project.sources[path].lines[line - 1]
            new = rename_token(text, name, name + SUFFIX, after=r"\bfunc\s+(?=%s)|IBAction\s*\)\s*(?=%s)" % (name, name))
            if new is None:
                break
            edits[path][line] = new
        else:
            # the method that exists at run time: the Swift func or the Objective-C implementation
            main = next((d for d in declarations if not d[0].endswith(".h")), declarations[0])
            # no other method of the same name left in the class' files
            other = re.compile(r"^\s*-\s*\([^)]*\)\s*%s\b|\bfunc\s+%s\s*\(" % (name, name))
            clash = any(other.search(line) and number not in edits.get(path, {})
                        for path in project.class_files.get(klass, ())
                        for number, line in project.sources[path].code_lines())
            if clash:
                continue
            changed = [(p, l) for p, lines in edits.items() for l in lines]
            result.append(plant("action-renamed", f"{klass}.{name}", f"{main[0]}:{main[1]}", places + changed,
                                edits=dict(edits)))
    return result


def inspectable_candidates(project):
    declared = member_declarations(project, SWIFT_INSPECTABLE, (OBJC_INSPECTABLE,))
    attributes = collections.defaultdict(list)
    for path, node in project.ib_nodes():
        if node.tag == "userDefinedRuntimeAttribute" and node.attrs.get("keyPath"):
            holder = node.parent.parent if node.parent is not None and node.parent.tag == "userDefinedRuntimeAttributes" else None
            if holder is not None and holder.attrs.get("customClass"):
                attributes[node.attrs["keyPath"]].append((path, node.line, holder.attrs["customClass"]))
    result = []
    for name, declarations in declared.items():
        if len(declarations) != 1 or name not in attributes:
            continue
        path, line, klass, language = declarations[0]
        if not klass or project.protocol_requires(klass, name):
            continue
        candidate = member_plant("inspectable-renamed", project, (path, line, klass, language), name, attributes[name],
                                 swift_before=r"\bvar\s+", objc_before=r"IBInspectable\b")
        if candidate:
            result.append(candidate)
    return result


def class_candidates(project):
    referenced = collections.defaultdict(list)
    for path, node in project.ib_nodes():
        custom = node.attrs.get("customClass")
        if custom and not is_placeholder(node):
            referenced[custom].append((path, node.line))
    swift_classes = collections.defaultdict(list)
    swift_extensions = collections.defaultdict(list)
    objc_interfaces = collections.defaultdict(list)
    objc_primary = collections.Counter()
    objc_implementations = collections.defaultdict(list)
    objc_names = set()
    for source in project.sources.values():
        for number, line in source.code_lines():
            if source.language == "swift":
                match = SWIFT_CLASS_DECL.match(line)  # top level only (no indentation)
                if match:
                    swift_classes[match.group(1)].append((source.path, number))
                    continue
                match = re.match(r"^(?:(?:public|internal|private|fileprivate)\s+)?extension\s+([A-Za-z_]\w*)\b", line)
                if match:
                    swift_extensions[match.group(1)].append((source.path, number))
            else:
                match = OBJC_INTERFACE.match(line)
                if match:
                    objc_interfaces[match.group(1)].append((source.path, number))
                    if match.group(2):
                        objc_primary[match.group(1)] += 1
                    continue
                match = OBJC_IMPLEMENTATION.match(line)
                if match:
                    objc_implementations[match.group(1)].append((source.path, number))
    renamed_runtime = set()
    for source in project.sources.values():
        if source.language == "swift":
            for number, line in source.code_lines():
                for match in re.finditer(r"@objc\s*\(\s*([A-Za-z_]\w*)\s*\)", line):
                    renamed_runtime.add(match.group(1))
                    following = source.lines[number] if number < len(source.lines) else ""
                    declared = SWIFT_CLASS_DECL.match(line.split(")", 1)[-1].strip()) or SWIFT_CLASS_DECL.match(following)
                    if declared:
                        renamed_runtime.add(declared.group(1))
    result = []
    for name, places in referenced.items():
        if name in renamed_runtime:
            continue
        swift = swift_classes.get(name, [])
        objc_impl = objc_implementations.get(name, [])
        if len(swift) == 1 and not objc_impl and not objc_primary[name]:
            lines = swift + swift_extensions.get(name, [])
            after = r"\b(?:class|extension)\s+(?=%s\b)" % name
            main = swift[0]
        elif not swift and len(objc_impl) == 1 and objc_primary[name] == 1:
            lines = objc_interfaces[name] + objc_impl
            after = r"@(?:interface|implementation)\s+(?=%s\b)" % name
            main = objc_impl[0]
        else:
            continue
        edits = collections.defaultdict(dict)
        for path, line in lines:
            new = rename_token(project.sources[path].lines[line - 1], name, name + SUFFIX, after=after)
            if new is not None:
                edits[path][line] = new
        changed = [(p, l) for p, ls in edits.items() for l in ls]
        result.append(plant("class-renamed", name, f"{main[0]}:{main[1]}", places + changed, edits=dict(edits)))
    return result


def literal_uses(project, regex):
    uses = collections.defaultdict(list)
    for source in project.sources.values():
        for number, line in source.code_lines():
            for match in regex.finditer(line):
                uses[match.group(1)].append((source.path, number))
    return uses


def xib_candidates(project):
    loads = literal_uses(project, NIB_LOAD)
    by_stem = collections.defaultdict(list)
    for path in project.files:
        base = os.path.basename(path)
        if base.endswith((".xib", ".nib")):
            by_stem[base.rsplit(".", 1)[0]].append(path)
            if "~" in base:
                by_stem[base.split("~", 1)[0]].append(path)
    pbxprojs = [p for p in project.files if p.endswith("project.pbxproj")]
    result = []
    for name, sites in loads.items():
        files = by_stem.get(name, [])
        if len(files) != 1 or not files[0].endswith(".xib"):
            continue
        old = files[0]
        new = os.path.join(os.path.dirname(old), name + SUFFIX + ".xib")
        regex = r"(?<![\w.+~-])%s\.xib(?![\w])" % re.escape(name)
        subs = [(p, regex, name + SUFFIX + ".xib") for p in pbxprojs]
        result.append(plant("xib-renamed", name, f"{old} (loaded at {sites[0][0]}:{sites[0][1]})", sites,
                            renames=[(old, new)], subs=subs, place_paths=[new]))
    return result


def storyboard_attribute_candidates(project, kind, regex, tag, attribute):
    uses = literal_uses(project, regex)
    elements = collections.defaultdict(list)
    for path, node in project.ib_nodes():
        if not path.endswith(".storyboard"):
            continue
        value = node.attrs.get(attribute)
        if value and (tag is None or node.tag == tag):
            elements[value].append((path, node.line))
    result = []
    for value, sites in uses.items():
        if len(elements.get(value, [])) != 1:
            continue
        path, line = elements[value][0]
        result.append(plant(kind, value, f"{path}:{line}", sites + [(path, line)],
                            subs=[(path, None, (line, attribute, value))]))
    return result


def storyboard_id_candidates(project):
    return storyboard_attribute_candidates(project, "storyboard-id-changed", SB_INSTANTIATE, None, "storyboardIdentifier")


def segue_candidates(project):
    return storyboard_attribute_candidates(project, "segue-id-changed", SEGUE_PERFORM, "segue", "identifier")


CANDIDATES = {
    "outlet-renamed": outlet_candidates,
    "action-renamed": action_candidates,
    "inspectable-renamed": inspectable_candidates,
    "class-renamed": class_candidates,
    "xib-renamed": xib_candidates,
    "storyboard-id-changed": storyboard_id_candidates,
    "segue-id-changed": segue_candidates,
}


# ---------------------------------------------------------------------------------------
# Planting and analysing

def read_text(path):
    with open(path, "rb") as handle:
        return handle.read().decode("utf-8", errors="surrogateescape")


def write_text(path, text):
    with open(path, "wb") as handle:
        handle.write(text.encode("utf-8", errors="surrogateescape"))


def apply(folder, candidate):
    """Plants the candidate in folder; returns what undo() needs."""
    saved = {}

    def load(rel):
        full = os.path.join(folder, rel)
        if rel not in saved:
            saved[rel] = read_text(full)
        return read_text(full)

    for rel, lines in candidate["edits"].items():
        text = load(rel).split("\n")
        for number, new in lines.items():
            text[number - 1] = new
        write_text(os.path.join(folder, rel), "\n".join(text))
    for rel, regex, replacement in candidate["subs"]:
        text = load(rel)
        if regex is None:  # an attribute of one IB element: (line, attribute, value)
            line, attribute, value = replacement
            lines = text.split("\n")
            pattern = re.compile(r'(?<![\w])%s="%s"' % (attribute, re.escape(value)))
            changed, count = pattern.subn('%s="%s%s"' % (attribute, value, SUFFIX), lines[line - 1], count=1)
            if not count:
                raise RuntimeError(f"{rel}:{line}: no {attribute}=\"{value}\" to change")
            lines[line - 1] = changed
            text = "\n".join(lines)
        else:
            text = re.sub(regex, replacement, text)
        write_text(os.path.join(folder, rel), text)
    for old, new in candidate["renames"]:
        os.rename(os.path.join(folder, old), os.path.join(folder, new))
    return saved


def undo(folder, candidate, saved):
    for old, new in candidate["renames"]:
        os.rename(os.path.join(folder, new), os.path.join(folder, old))
    for rel, text in saved.items():
        write_text(os.path.join(folder, rel), text)


class AnalysisFailed(Exception):
    pass


def analyse(binary, folder):
    try:
        run = subprocess.run([binary, "analyze", folder, "--fail-on", "never", "--format", "json"],
                             capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise AnalysisFailed(f"over the {TIMEOUT} s timeout")
    if run.returncode != 0:
        raise AnalysisFailed(f"exit {run.returncode}: {run.stderr.decode(errors='replace').strip()[:300]}")
    try:
        return json.loads(run.stdout)
    except ValueError as error:
        raise AnalysisFailed(f"no JSON report: {error}")


def finding_key(finding, path_map):
    location = (finding.get("locations") or [{}])[0]
    path = location.get("path", "")
    return (finding["rule"], finding["severity"], path_map.get(path, path), location.get("line", 0))


def new_findings(baseline, report, path_map):
    remaining = collections.Counter(finding_key(f, {}) for f in baseline["findings"])
    fresh = []
    for finding in report["findings"]:
        key = finding_key(finding, path_map)
        if remaining[key] > 0:
            remaining[key] -= 1
        else:
            fresh.append(finding)
    return fresh


def at_place(finding, candidate):
    places = set(candidate["places"])
    for location in finding.get("locations") or []:
        path, line = location.get("path", ""), location.get("line", 0)
        if (path, line) in places or path in candidate["place_paths"]:
            return True
    return False


def classify(fresh, candidate):
    gated = [f for f in fresh if f["severity"] in GATED]
    if any(at_place(f, candidate) for f in gated):
        return "found"
    at = [f for f in fresh if at_place(f, candidate)]
    if at:
        # A fact read that caps the finding at info says the place does not run (a nib
        # nothing loads, code nothing calls, a scene nothing reaches); otherwise something
        # was assumed. Both are misses: the split says which layer to look at.
        unreached = any(e.get("basis") == "read" and e.get("ceiling") == "info"
                        for f in at for e in f.get("evidence") or [])
        return "info-at-place (read: does not run)" if unreached else "info-at-place"
    if gated:
        return "reported-elsewhere"
    if fresh:
        return "info-elsewhere"
    return "silent"


def summary_of(finding):
    location = (finding.get("locations") or [{}])[0]
    return {"rule": finding["rule"], "severity": finding["severity"],
            "at": f"{location.get('path', '')}:{location.get('line', 0)}",
            "message": (finding.get("message") or "")[:500]}


def shipped_paths(report):
    """Interface Builder paths of the report's files, mapped to whether an app or a
    framework ships them (False: no target, or only test targets); None when the
    project's targets are unknown."""
    kinds = {t["name"]: t["kind"] for t in report.get("targets") or []}
    if not kinds:
        return None
    result = {}
    for entry in report.get("files", []):
        if entry.get("kind") in ("xib", "storyboard") and entry.get("targets") is not None:
            result[entry["path"]] = any(kinds.get(t) != "test-bundle" for t in entry["targets"])
    return result


def ships(candidate, shipped):
    """Whether an Interface Builder file the plant touches ships in a product."""
    if shipped is None:
        return True
    ib = [path for path, _ in candidate["places"] if path.endswith((".xib", ".storyboard"))]
    ib += [old for old, _ in candidate["renames"] if old.endswith((".xib", ".storyboard"))]
    return not ib or any(shipped.get(path, True) for path in ib)


def run_project(name, options, work_root):
    """Plants and analyses in a copy of one project; returns (plants, failures, candidates count)."""
    source = os.path.join(REALWORLD, name)
    work = tempfile.mkdtemp(prefix="recall-", dir=work_root)
    folder = os.path.join(work, name)
    plants, failures, counts = [], [], {}
    try:
        shutil.copytree(source, folder, symlinks=False, copy_function=shutil.copyfile)
        try:
            baseline = analyse(options.binary, folder)
        except AnalysisFailed as error:
            return plants, [f"{name}: baseline analysis: {error}"], counts
        project = Project(folder)
        shipped = shipped_paths(baseline)
        for kind in options.kinds:
            candidates = sorted(CANDIDATES[kind](project), key=lambda c: (c["where"], c["name"]))
            counts[kind] = len(candidates)
            random.Random(f"{name}:{kind}").shuffle(candidates)
            chosen = 0
            for candidate in candidates:
                if chosen >= options.max_per_kind:
                    break
                if candidate["check"] is not None and not candidate["check"]():
                    continue
                if not ships(candidate, shipped):
                    # A bug in a file no app ships (a test fixture, a leftover) is not a
                    # run-time failure: the review standard says at most info.
                    counts[kind + ":not-shipped"] = counts.get(kind + ":not-shipped", 0) + 1
                    continue
                chosen += 1
                saved = apply(folder, candidate)
                try:
                    report = analyse(options.binary, folder)
                except AnalysisFailed as error:
                    failures.append(f"{name}: {kind} {candidate['name']} at {candidate['where']}: {error}")
                    undo(folder, candidate, saved)
                    continue
                undo(folder, candidate, saved)
                path_map = {new: old for old, new in candidate["renames"]}
                fresh = new_findings(baseline, report, path_map)
                outcome = classify(fresh, candidate)
                plants.append({
                    "project": name, "kind": kind, "name": candidate["name"], "where": candidate["where"],
                    "outcome": outcome, "found": outcome == "found",
                    "new": [summary_of(f) for f in fresh][:12],
                    "new_count": len(fresh),
                })
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return plants, failures, counts


# ---------------------------------------------------------------------------------------
# Reporting

def ratio(found, total):
    return f"{found} of {total} ({100 * found / total:.0f}%)" if total else "0 of 0 (n/a)"


def tally(plants):
    by_kind = collections.defaultdict(lambda: [0, 0])
    for plant_ in plants:
        by_kind[plant_["kind"]][1] += 1
        by_kind[plant_["kind"]][0] += plant_["found"]
    return by_kind


def outcomes(plants):
    return collections.Counter(p["outcome"] for p in plants if not p["found"])


def default_binary():
    """The release build when there is one, else the debug build."""
    release = os.path.join(ROOT, ".build", "release", "nibscan")
    return release if os.path.exists(release) else os.path.join(ROOT, ".build", "debug", "nibscan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=default_binary())
    parser.add_argument("--projects", help="comma-separated folder names (default: all)")
    parser.add_argument("--exclude", help="comma-separated folder names to leave out")
    parser.add_argument("--kinds", help="comma-separated kinds (default: all)")
    parser.add_argument("--max-per-kind", type=int, default=3, help="plants per kind per project (default 3)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", help="write machine-readable results here")
    parser.add_argument("--show-holdout", action="store_true",
                        help="also list the holdout projects' plants (default: aggregates only)")
    parser.add_argument("--allow-missing-kinds", action="store_true",
                        help="do not fail when a kind planted nothing (for runs on a few projects)")
    options = parser.parse_args()
    if not os.path.isdir(REALWORLD):
        sys.exit(f"bench recall: no {REALWORLD} (set NIBSCAN_SHARED_DIR)")
    if not os.access(options.binary, os.X_OK):
        sys.exit(f"bench recall: no binary {options.binary}")
    options.kinds = options.kinds.split(",") if options.kinds else list(KINDS)
    unknown = [k for k in options.kinds if k not in KINDS]
    if unknown:
        sys.exit(f"bench recall: unknown kind(s) {', '.join(unknown)} (have {', '.join(KINDS)})")
    everything = sorted(n for n in os.listdir(REALWORLD) if os.path.isdir(os.path.join(REALWORLD, n)))
    projects = options.projects.split(",") if options.projects else everything
    missing = [p for p in projects if p not in everything]
    if missing:
        sys.exit(f"bench recall: no project(s) {', '.join(missing)} in {REALWORLD}")
    excluded = set(options.exclude.split(",")) if options.exclude else set()
    projects = [p for p in projects if p not in excluded]

    started = time.time()
    work_root = tempfile.mkdtemp(prefix="nibscan-bench-recall.")

    def interrupted(signum, _frame):
        shutil.rmtree(work_root, ignore_errors=True)
        print(f"bench recall: stopped by signal {signum}", file=sys.stderr)
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)
    results = {}
    failures = []
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
            futures = {pool.submit(run_project, name, options, work_root): name for name in projects}
            for future in concurrent.futures.as_completed(futures):
                name = futures[future]
                try:
                    plants, failed, counts = future.result()
                except Exception as error:  # a bug of the benchmark itself: stop loudly
                    plants, failed, counts = [], [f"{name}: recall.py failed: {error!r}"], {}
                results[name] = (plants, counts)
                failures += failed
                print(f"  {name}: {sum(p['found'] for p in plants)}/{len(plants)} found"
                      if options.show_holdout or name not in HOLDOUT else f"  (a holdout project done)",
                      file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(work_root, ignore_errors=True)

    all_plants = [p for name in projects for p in results.get(name, ([], {}))[0]]
    holdout = [p for p in all_plants if p["project"] in HOLDOUT]
    others = [p for p in all_plants if p["project"] not in HOLDOUT]
    groups = [("holdout", holdout), ("others", others), ("all", all_plants)]
    tallies = {label: tally(plants) for label, plants in groups}
    n_holdout = sum(1 for p in projects if p in HOLDOUT)

    out = []
    out.append(f"== bench recall: {os.path.basename(options.binary)} ({options.binary}), {len(projects)} projects "
               f"({n_holdout} holdout), at most {options.max_per_kind} plants per kind per project, "
               f"{time.time() - started:.0f} s ==")
    out.append(f"{'kind':<24}" + "".join(f"{label + ' found':>22}" for label, _ in groups))
    for kind in options.kinds:
        out.append(f"{kind:<24}" + "".join(f"{ratio(*tallies[label][kind]):>22}" for label, _ in groups))
    totals = {label: (sum(p['found'] for p in plants), len(plants)) for label, plants in groups}
    out.append(f"{'overall':<24}" + "".join(f"{ratio(*totals[label]):>22}" for label, _ in groups))
    for label, plants in groups:
        missed = outcomes(plants)
        if missed:
            out.append(f"misses ({label}): " + ", ".join(f"{k} {v}" for k, v in sorted(missed.items())))
    out.append("")
    out.append("== per project" + ("" if options.show_holdout else " (holdout projects only in the aggregates)") + " ==")
    out.append(f"{'project':<44} {'found':>14}  " + " ".join(k.split("-")[0][:8] for k in options.kinds))
    for name in projects:
        if name in HOLDOUT and not options.show_holdout:
            continue
        plants, counts = results.get(name, ([], {}))
        per_kind = tally(plants)
        cells = " ".join(f"{per_kind[k][0]}/{per_kind[k][1]}".rjust(len(k.split('-')[0][:8])) for k in options.kinds)
        out.append(f"{name:<44} {ratio(sum(p['found'] for p in plants), len(plants)):>14}  {cells}")
    out.append("")
    out.append("== misses" + ("" if options.show_holdout else " (not listed for holdout projects)") + " ==")
    listed = all_plants if options.show_holdout else others
    for kind in options.kinds:
        misses = [p for p in listed if p["kind"] == kind and not p["found"]]
        if not misses:
            continue
        out.append(f"-- {kind}: {len(misses)} missed")
        for plant_ in misses:
            new = "; ".join(f"{n['rule']}/{n['severity']} at {n['at']}" for n in plant_["new"][:4])
            more = f" (+{plant_['new_count'] - 4} more)" if plant_["new_count"] > 4 else ""
            out.append(f"   {plant_['project']}: {plant_['name']} at {plant_['where']}: {plant_['outcome']}"
                       + (f"; new: {new}{more}" if new else ""))
    not_shipped = collections.Counter()
    for name in projects:
        for key, count in results.get(name, ([], {}))[1].items():
            if key.endswith(":not-shipped"):
                not_shipped[key.split(":")[0]] += count
    if not_shipped:
        out.append("")
        out.append("not planted, since no app ships the Interface Builder file (test fixtures, leftovers): "
                   + ", ".join(f"{k} {v}" for k, v in sorted(not_shipped.items())))
    problems = []
    for kind in options.kinds:
        if tallies["all"][kind][1] == 0:
            problems.append(f"kind {kind} planted no bug in this run")
    if problems and options.allow_missing_kinds:
        out.append("")
        out.append("note (--allow-missing-kinds): " + "; ".join(problems))
        problems = []
    problems += [f"the binary failed: {f}" for f in failures]
    if problems:
        out.append("")
        out.append("== FAILED ==")
        out += [f"bench recall: {p}" for p in problems]
    print("\n".join(out))

    if options.json:
        def public(plants):
            return [{k: v for k, v in p.items()} for p in plants]
        document = {
            "binary": options.binary,
            "projects": projects,
            "max_per_kind": options.max_per_kind,
            "summary": {label: {"by_kind": {k: {"found": tallies[label][k][0], "planted": tallies[label][k][1]}
                                            for k in options.kinds},
                                "found": totals[label][0], "planted": totals[label][1],
                                "misses_by_outcome": dict(outcomes(plants))}
                        for label, plants in groups},
            "plants": public(all_plants if options.show_holdout else others),
            "holdout_listed": options.show_holdout,
            "failures": failures,
            "problems": problems,
        }
        with open(options.json, "w") as handle:
            json.dump(document, handle, indent=1, sort_keys=True)
    if problems:
        for problem in problems:
            print(f"bench recall: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
