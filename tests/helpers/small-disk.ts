import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { statfs } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { uploadWrites } from "#server/storage/uploads.server.ts";

// Two ways to make the uploads folder refuse writes the way a real disk does. A small tmpfs
// mounted on the folder is the real thing (mounting needs root with CAP_SYS_ADMIN, on Linux);
// where it cannot be mounted, the storage layer's writer is made to fail with the same error
// codes, writing part of the file first as a disk that fills up mid-write does. Tests run every
// way that is available here, so the injected way always runs and asserts.

export type DiskFault = "full" | "read-only";

export type FaultyDisk = {
  /** Frees the space again (a full disk); a read-only disk stays read-only until restore(). */
  free: () => Promise<void>;
  /** Undoes the fault: unmounts or restores the writer. */
  restore: () => void;
};

export type DiskFaultWay = {
  /** For test names: "injected error" or "tmpfs". */
  name: string;
  /** Makes `dir` (created if missing) full or read-only. */
  make: (dir: string, fault: DiskFault) => Promise<FaultyDisk>;
};

/** The injected fault: the storage layer's writer fails with ENOSPC (after half the bytes) or EROFS. */
const injected: DiskFaultWay = {
  name: "injected error",
  make: async (dir, fault) => {
    mkdirSync(dir, { recursive: true });
    const real = uploadWrites.writeNewFile;
    const spy = vi
      .spyOn(uploadWrites, "writeNewFile")
      .mockImplementation(async (file: string, data: Uint8Array) => {
        if (fault === "read-only") {
          throw errnoError("EROFS", -30, "read-only file system", `open '${file}'`);
        }
        writeFileSync(file, data.subarray(0, Math.floor(data.length / 2)), { flag: "wx" });
        throw errnoError("ENOSPC", -28, "no space left on device", "write");
      });
    return {
      free: async () => {
        spy.mockImplementation(real);
      },
      restore: () => spy.mockRestore(),
    };
  },
};

/** A real file system: a 2 MB tmpfs, filled up but for a few kilobytes, or mounted read-only. */
const tmpfs: DiskFaultWay = {
  name: "tmpfs",
  make: async (dir, fault) => {
    mkdirSync(dir, { recursive: true });
    const options = `size=2m,mode=0755${fault === "read-only" ? ",ro" : ""}`;
    const mount = spawnSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], {
      encoding: "utf8",
    });
    if (mount.status !== 0) throw new Error(`mount failed: ${mount.stderr}`);
    const unmount = () => {
      spawnSync("umount", [dir]);
    };
    const filler = path.join(dir, "filler.bin");
    if (fault === "full") {
      try {
        const { bavail, bsize } = await statfs(dir);
        writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 16 * 1024)));
      } catch (error) {
        unmount();
        throw error;
      }
    }
    return {
      free: async () => rmSync(filler, { force: true }),
      restore: unmount,
    };
  },
};

/** Whether a tmpfs can be mounted here (root with CAP_SYS_ADMIN, on Linux). */
function canMountTmpfs(): boolean {
  if (process.platform !== "linux") return false;
  const dir = mkdtempSync(path.join(tmpdir(), "studio-mount-probe-"));
  try {
    const mount = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]);
    if (mount.status !== 0) return false;
    spawnSync("umount", [dir]);
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every way of making a folder full or read-only that works here: the injected error always,
 * a real tmpfs too where it can be mounted.
 */
export const DISK_FAULT_WAYS: readonly DiskFaultWay[] = canMountTmpfs()
  ? [injected, tmpfs]
  : [injected];

function errnoError(code: string, errno: number, text: string, where: string) {
  return Object.assign(new Error(`${code}: ${text}, ${where}`), { code, errno, syscall: where });
}
