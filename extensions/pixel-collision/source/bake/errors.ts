/**
 * Why a whole bake stopped, for the CLI's exit codes and the build hook: `unreadable` (source
 * files could not be read and the project's settings say `"onUnreadable": "fail"`), `usage`
 * (a bad folder, option or setting), `io` (a file the bake needs could not be read or written).
 * Problems with single files are not thrown: they are listed in the report and the others baked.
 */
export type BakeFailureKind = 'unreadable' | 'usage' | 'io';

export class BakeFailure extends Error {
    readonly kind: BakeFailureKind;
    /** The file (relative to the project) or setting the message is about, when there is one. */
    readonly file: string | undefined;
    constructor(kind: BakeFailureKind, message: string, file?: string) {
        super(message);
        this.name = 'BakeFailure';
        this.kind = kind;
        this.file = file;
    }
}

const REASONS: Record<string, string> = {
    EACCES: 'permission denied: give your user access to it',
    EPERM: 'the operating system does not permit it: check its permissions and that no other program locks it',
    ENOSPC: 'the disk is full: free some space',
    EDQUOT: 'the disk quota is used up: free some space',
    EFBIG: 'the file grew past the largest file allowed here (file system, or a file-size limit such as ulimit -f)',
    EROFS: 'the file system is read-only',
    ENOENT: 'it does not exist',
    ENOTDIR: 'a part of its path is a file, not a folder',
    EEXIST: 'a file is in the way of a folder it needs',
    EISDIR: 'it is a folder, not a file',
    EMFILE: 'too many files are open: close some programs and try again',
    EBUSY: 'it is in use by another program: close it and try again',
    EIO: 'the disk reported an input/output error',
    ELOOP: 'its path has too many (or circular) symbolic links',
    ENAMETOOLONG: 'its path is too long',
};

/** A one-line reason for a Node file-system error (never the raw "EPERM: operation not permitted, open ..."). */
export function describeIoError(err: unknown): string {
    const code = err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
    if (typeof code === 'string') return `${REASONS[code] ?? 'the system refused'} (${code})`;
    return err instanceof Error ? err.message : String(err);
}

/** Whether `err` is a Node system error (it has an `E...` code). */
export function isIoError(err: unknown): boolean {
    const code = err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
    return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}
