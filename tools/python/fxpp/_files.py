"""Writing the files of one dump together, with the guarantees of fxpp's
C++ tools (ir/io/file_io.h, which this plain-Python bridge cannot call):

- a regular file, or a symlink to one (its target is written: the link
  stays a link), is written to a temporary file beside it, synced, and
  renamed over it once every file of the dump is staged; it keeps the old
  file's mode and owner (a new file gets 0666 minus the umask);
- a device, FIFO or socket, or anything under /dev or /proc, is never
  replaced: it is opened before anything is committed and written in place
  last;
- a directory, a dangling symlink or a missing directory is an error before
  anything is written.

All or nothing for the files it replaces: each keeps a second name (a hard
link) until every output is written, and a failure puts the ones renamed
before it back.
"""

import os
import stat
import tempfile

_KERNEL_DIRECTORIES = ("/dev/", "/proc/")


def is_kernel_path(path):
    """Whether `path` lies under /dev or /proc, whose entries are written in
    place (/dev/null, /dev/stdout) and never replaced."""
    return os.path.abspath(path).startswith(_KERNEL_DIRECTORIES)


def writes_in_place(path):
    """Whether a write to `path` goes into the existing file itself: a
    device, FIFO or socket, or an entry under /dev or /proc."""
    try:
        return _in_place(path, os.stat(path))
    except FileNotFoundError:
        return False


def _in_place(path, info):
    """writes_in_place, given os.stat of the existing `path`."""
    return not stat.S_ISREG(info.st_mode) or is_kernel_path(path)


def _existing(path):
    """os.stat of `path`, None when it does not exist; ValueError when it
    cannot be written over."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise ValueError(f"cannot write {path}: it is a symlink to a missing file") from None
        return None
    if stat.S_ISDIR(info.st_mode):
        raise ValueError(f"cannot write {path}: it is a directory; give a file name")
    return info


def _new_file_mode():
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


class _Staged:
    """One output: a temporary file to rename over `target`, or (in_place)
    the open target itself."""

    def __init__(self, path, write):
        self.path, self.write = path, write
        self.temp = self.backup = self.fd = None
        info = _existing(path)
        self.existed = info is not None
        self.in_place = info is not None and _in_place(path, info)
        self.target = os.path.realpath(path) if self.existed and not self.in_place else path
        if self.in_place:
            # Opened now, so that an unwritable device fails before anything
            # is committed (a FIFO waits here for its reader).
            self.fd = os.open(self.target, os.O_WRONLY | os.O_CLOEXEC | os.O_NOCTTY)
        else:
            self._write_temporary(info)

    def _write_temporary(self, info):
        directory, name = os.path.split(os.path.abspath(self.target))
        fd, self.temp = tempfile.mkstemp(dir=directory, prefix=f".{name}.tmp.")
        try:
            with os.fdopen(fd, "wb") as f:
                self.write(f)
                f.flush()
                os.fsync(f.fileno())
            if info is None:
                os.chmod(self.temp, _new_file_mode())
            else:
                os.chmod(self.temp, stat.S_IMODE(info.st_mode))
                try:
                    os.chown(self.temp, info.st_uid, info.st_gid)
                except PermissionError:
                    pass  # only its owner's: the file becomes ours
        except BaseException:
            self.discard()
            raise

    def rename(self):
        if self.existed:
            try:
                os.link(self.target, self.temp + ".old")
                self.backup = self.temp + ".old"
            except OSError:
                pass  # a file system without hard links: this one cannot be put back
        os.replace(self.temp, self.target)
        self.temp = None

    def undo_rename(self):
        if self.backup is not None:
            os.replace(self.backup, self.target)
            self.backup = None
        elif not self.existed:
            os.unlink(self.target)

    def write_in_place(self):
        with os.fdopen(self.fd, "wb") as f:
            self.fd = None
            if stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                f.truncate(0)
            self.write(f)

    def discard(self):
        for name in (self.temp, self.backup):
            if name is not None and os.path.lexists(name):
                os.unlink(name)
        self.temp = self.backup = None
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def write_files(outputs):
    """Writes each (path, write) of `outputs`, write(f) putting the contents
    into the binary file f, together (see the module comment)."""
    if len({os.path.realpath(path) for path, _ in outputs}) < len(outputs):
        raise ValueError(f"two outputs go to one file: {[path for path, _ in outputs]}")
    staged = []
    try:
        for path, write in outputs:
            staged.append(_Staged(path, write))
        _commit(staged)
    finally:
        for s in staged:
            s.discard()


def _commit(staged):
    """Renames every staged file over its target, then writes the in-place
    outputs (which cannot be taken back); a failure puts the targets renamed
    before it back."""
    renamed = []
    try:
        for s in staged:
            if not s.in_place:
                s.rename()
                renamed.append(s)
        for s in staged:
            if s.in_place:
                s.write_in_place()
    except BaseException:
        for s in reversed(renamed):
            s.undo_rename()
        raise
    for s in renamed:
        _sync_directory(s.target)


def _sync_directory(path):
    fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
