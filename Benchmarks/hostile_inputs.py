#!/usr/bin/env python3
"""Writes one pathological nibscan input of size n (issue 17's table).

    hostile_inputs.py KIND N OUT

KIND is one of:
  swift-cycle   one Swift file: class C0: C1 … class C(n-1): C0 (a superclass cycle of n)
  objc-cycle    one header: @interface C0 : C1 … @interface C(n-1) : C0
  swift-chain   one Swift file: class C0: C1 … class C(n-1): UIView (an acyclic chain of n)
  objc-chain    the same chain as @interface declarations
  attributes    one xib whose single view has n attributes
  elements      one xib with n plain elements, each with an id (so each an object)
  zip-entries   a zip of exactly n stored entries without ZIP64 (n <= 65535), one of them a xib

OUT is a folder (created) for every kind but zip-entries, where it is the zip's path.
"""
import os
import sys
import zipfile

XIB_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" '
            'toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" '
            'useAutolayout="YES" useTraitCollections="YES">\n<objects>\n')
XIB_TAIL = '</objects>\n</document>\n'
SMALL_XIB = XIB_HEAD + ('<view contentMode="scaleToFill" id="v1" customClass="C0">'
                        '<rect key="frame" x="0" y="0" width="10" height="10"/></view>\n') + XIB_TAIL


def write(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def chain(n, cyclic, head, declaration):
    """C0 : C1 … C(n-1) : C0 (cyclic) or : UIView, each class as `declaration` formats it."""
    lines = [head]
    for i in range(n):
        parent = f"C{i + 1}" if i + 1 < n else ("C0" if cyclic else "UIView")
        lines.append(declaration.format(name=f"C{i}", parent=parent))
    return "\n".join(lines) + "\n"


def swift(n, cyclic):
    return chain(n, cyclic, "import UIKit", "class {name}: {parent} {{}}")


def objc(n, cyclic):
    return chain(n, cyclic, "#import <UIKit/UIKit.h>", "@interface {name} : {parent}\n@end")


def attributes(n):
    attrs = " ".join(f'a{i}="{i}"' for i in range(n))
    return XIB_HEAD + f'<view id="v1" customClass="C0" {attrs}/>\n' + XIB_TAIL


def elements(n):
    # Each with an id: every one is an object of the model, the costliest plain element.
    body = "".join(f'<v id="{i}"/>\n' for i in range(n))
    return XIB_HEAD + '<view id="root">\n' + body + "</view>\n" + XIB_TAIL


def zip_entries(n, path):
    if n > 0xFFFF:
        raise SystemExit("zip-entries: at most 65535 entries without ZIP64")
    # allowZip64=False: Python then writes a plain end record, 0xFFFF entries included.
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED, allowZip64=False) as archive:
        archive.writestr("App/View.xib", SMALL_XIB)
        for i in range(n - 1):
            archive.writestr(f"App/Assets/f{i}.png", b"")


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if kind == "zip-entries":
        zip_entries(n, out)
        return
    os.makedirs(out, exist_ok=True)
    if kind in ("swift-cycle", "swift-chain"):
        write(os.path.join(out, "Classes.swift"), swift(n, kind == "swift-cycle"))
        write(os.path.join(out, "View.xib"), SMALL_XIB)
    elif kind in ("objc-cycle", "objc-chain"):
        write(os.path.join(out, "Classes.h"), objc(n, kind == "objc-cycle"))
        write(os.path.join(out, "View.xib"), SMALL_XIB)
    elif kind == "attributes":
        write(os.path.join(out, "View.xib"), attributes(n))
    elif kind == "elements":
        write(os.path.join(out, "View.xib"), elements(n))
    else:
        raise SystemExit(f"unknown kind {kind!r}\n{__doc__}")


if __name__ == "__main__":
    main()
