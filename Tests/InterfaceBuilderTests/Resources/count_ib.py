#!/usr/bin/env python3
"""Independent counts for the Interface Builder parser tests.

Walks a corpus folder with Python's ElementTree (a tree parser, unlike the streaming
Swift reader) and prints one TSV row per file:

  path  kind  custom_classes  constraints  outlets  outlet_collections  actions  segues  runtime_attributes  scenes
  bindings  binding_options

kind is document, archive or binary. Counts follow the model's definitions:
- document: elements carrying both customClass and id outside <resources>; <constraint>
  children of <constraints>; <outlet>/<outletCollection>/<action>/<segue> children of
  <connections>; <userDefinedRuntimeAttribute> children of <userDefinedRuntimeAttributes>;
  <binding> children of <connections>, and the keyed children of their
  <dictionary key="options">.
- archive: IB object records (and flattenedProperties entries) with a CustomClassName
  or, failing that, an NSClassName; outlet and action connection records (binding
  connection records are not read: their counts are 0).

Usage: count_ib.py CORPUS_DIR > corpus-counts.tsv
"""
import os
import sys
import xml.etree.ElementTree as ET

FIELDS = ["custom_classes", "constraints", "outlets", "outlet_collections", "actions", "segues",
          "runtime_attributes", "scenes", "bindings", "binding_options"]
OUTLET_CLASSES = {"IBCocoaTouchOutletConnection", "IBOutletConnection"}
ACTION_CLASSES = {"IBCocoaTouchEventConnection", "IBActionConnection"}


def parent_map(root):
    return {child: parent for parent in root.iter() for child in parent}


def count_document(root):
    parents = parent_map(root)
    counts = dict.fromkeys(FIELDS, 0)
    resources = root.find("resources")
    in_resources = set(resources.iter()) if resources is not None else set()
    for element in root.iter():
        parent = parents.get(element)
        parent_tag = parent.tag if parent is not None else None
        if "customClass" in element.attrib and "id" in element.attrib and element not in in_resources \
                and parent_tag not in ("connections", "constraints"):
            counts["custom_classes"] += 1
        if element.tag == "constraint" and parent_tag == "constraints":
            counts["constraints"] += 1
        if parent_tag == "connections":
            key = {"outlet": "outlets", "outletCollection": "outlet_collections", "action": "actions",
                   "segue": "segues"}.get(element.tag)
            if key:
                counts[key] += 1
            if element.tag == "binding":
                counts["bindings"] += 1
                for options in element.findall("dictionary"):
                    if options.get("key") == "options":
                        counts["binding_options"] += sum(1 for option in options if "key" in option.attrib)
        if element.tag == "userDefinedRuntimeAttribute" and parent_tag == "userDefinedRuntimeAttributes":
            counts["runtime_attributes"] += 1
        if element.tag == "scene":
            counts["scenes"] += 1
    return counts


def archive_custom_classes(root):
    """Object ids with a custom class: flattenedProperties keys, then NSClassName."""
    classes = {}
    for flattened in root.iter():
        if flattened.get("key") != "flattenedProperties":
            continue
        for child in flattened:
            key = child.get("key", "")
            if key.endswith(".CustomClassName"):
                classes[key[: -len(".CustomClassName")]] = child.text
        keys = next((c for c in flattened if c.get("key") == "dict.sortedKeys"), None)
        values = next((c for c in flattened if c.get("key") == "dict.values"), None)
        if keys is not None and values is not None:
            key_list = [c.text or "" for c in keys if c.get("key") is None]
            value_list = [c for c in values if c.get("key") is None]
            for key, value in zip(key_list, value_list):
                if key.endswith(".CustomClassName") and value.tag == "string":
                    classes[key[: -len(".CustomClassName")]] = value.text
    by_id = {e.get("id"): e for e in root.iter() if e.get("id") is not None}
    records = [r for r in root.iter("object") if r.get("class") == "IBObjectRecord"]
    counted = set()
    for record in records:
        object_id = next((c.text for c in record if c.get("key") == "objectID"), None)
        if object_id is None or object_id.strip() == "0":
            continue
        object_id = object_id.strip()
        counted.add(object_id)
        if object_id in classes:
            continue
        link = next((c for c in record if c.get("key") == "object"), None)
        target = by_id.get(link.get("ref") or link.get("id")) if link is not None else None
        if target is not None and any(c.get("key") == "NSClassName" for c in target):
            classes[object_id] = "NSClassName"
    return len(classes)


def count_archive(root):
    counts = dict.fromkeys(FIELDS, 0)
    counts["custom_classes"] = archive_custom_classes(root)
    for element in root.iter("object"):
        if element.get("key") != "connection":
            continue
        if element.get("class") in OUTLET_CLASSES:
            counts["outlets"] += 1
        elif element.get("class") in ACTION_CLASSES:
            counts["actions"] += 1
    return counts


def classify(path):
    with open(path, "rb") as handle:
        head = handle.read(16)
    if head.startswith(b"bplist00") or head.startswith(b"NIBArchive"):
        return "binary", dict.fromkeys(FIELDS, 0)
    root = ET.parse(path).getroot()
    if root.tag == "archive":
        return "archive", count_archive(root)
    if root.tag == "document":
        return "document", count_document(root)
    return "other", dict.fromkeys(FIELDS, 0)


def main():
    corpus = sys.argv[1]
    print("\t".join(["path", "kind"] + FIELDS))
    paths = []
    for folder, _, files in os.walk(corpus):
        for name in files:
            if name.endswith((".xib", ".storyboard", ".nib")):
                paths.append(os.path.relpath(os.path.join(folder, name), corpus))
    for relative in sorted(paths):
        kind, counts = classify(os.path.join(corpus, relative))
        print("\t".join([relative, kind] + [str(counts[f]) for f in FIELDS]))


if __name__ == "__main__":
    main()
