"""python/pyproject.toml in the forms every setuptools the package is built with takes without a
deprecation: Debian 12's setuptools 66 (the offline build, python/tests/wheel.sh) refuses PEP
639's `license = "MIT"` and `project.license-files` (setuptools 77 and later), and setuptools 77
and later deprecate the table `license = {text = ...}` and `tool.setuptools.license-files`,
refused after 2027-02-18. So the licence and its files are set in setup.py, and pyproject.toml
lists `license` in `dynamic`; wheel.sh checks the built wheel's License and License-File fields."""
from conftest import data_path

try:
    import tomllib
except ImportError:  # Python before 3.11
    import toml as tomllib  # type: ignore[no-redef]


def _pyproject():
    with open(data_path("python", "pyproject.toml"), encoding="utf-8") as f:
        return tomllib.loads(f.read())


def test_licence_is_not_in_a_deprecated_form():
    cfg = _pyproject()
    project = cfg["project"]
    assert "license" not in project, "project.license %r: a table is deprecated by setuptools 77, " \
        "a string refused by setuptools 66" % (project.get("license"),)
    assert "license-files" not in project, "project.license-files needs setuptools 77"
    assert "license-files" not in cfg.get("tool", {}).get("setuptools", {}), \
        "tool.setuptools.license-files is deprecated by setuptools 77"
    assert "license" in project.get("dynamic", []), "the licence comes from setup.py"

