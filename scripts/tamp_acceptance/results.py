"""The results of an acceptance run, for people (a table), programs (JSON) and CI systems (JUnit XML)."""
import json
import os
import tempfile
import xml.etree.ElementTree as ET


def write_json(data, path):
    """Whole or not at all: a temporary file beside the target, then a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(f.name, path)


def table(title, checks):
    """One line per check: the verdict, the group and what was compared (the figures and the limit)."""
    lines = [f"# acceptance: {title}", "result group    check", "------ -------- -----"]
    lines += [f"{'pass' if c['ok'] else 'FAIL':<6} {c['group']:<8} {c['message']}" for c in checks]
    failed = [c for c in checks if not c["ok"]]
    lines.append(f"\n{len(checks) - len(failed)} of {len(checks)} checks passed")
    lines += [f"FAIL {c['group']}: {c['message']}" for c in failed]
    return "\n".join(lines) + "\n"


def junit(title, checks):
    failed = [c for c in checks if not c["ok"]]
    suites = ET.Element("testsuites", name="acceptance", tests=str(len(checks)), failures=str(len(failed)))
    suite = ET.SubElement(suites, "testsuite", name=title, tests=str(len(checks)), failures=str(len(failed)))
    for c in checks:
        case = ET.SubElement(suite, "testcase", classname=f"acceptance.{c['group']}", name=c["name"])
        if not c["ok"]:
            ET.SubElement(case, "failure", message=c["message"]).text = c["message"]
    return ET.tostring(suites, encoding="unicode") + "\n"


def write_all(title, checks, out):
    os.makedirs(out, exist_ok=True)
    text = table(title, checks)
    print(text, end="")
    failed = sum(not c["ok"] for c in checks)
    write_json({"title": title, "passed": len(checks) - failed, "failed": failed, "checks": checks},
               os.path.join(out, "acceptance.json"))
    for name, content in (("acceptance.txt", text), ("acceptance.xml", junit(title, checks))):
        with open(os.path.join(out, name), "w") as f:
            f.write(content)
    print(f"acceptance: {os.path.join(out, 'acceptance.txt')}, acceptance.json, acceptance.xml")
