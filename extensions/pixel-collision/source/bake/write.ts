/**
 * Every file the bake writes (library script, metas, cache, settings) goes to a temporary file in
 * the same folder, then `rename`s over the old one: a reader (Creator's asset database, a build,
 * a game loading the script) sees the old file or the new one, never half of one, and a write
 * that fails (disk full, file-size limit, permissions) leaves the old file as it was. The
 * temporary name starts with a dot, which the asset database and the bake both ignore.
 */
import * as fs from 'fs';
import { basename, dirname, join } from 'path';
import { BakeFailure, describeIoError } from './errors';

let counter = 0;

/**
 * Writes `data` to `abs` atomically (creating its folder). On failure the temporary file is
 * removed and a {@link BakeFailure} of kind `io` names `rel` and says that the old file is intact.
 */
export function writeFileAtomic(abs: string, data: string | Uint8Array, rel: string): void {
    const dir = dirname(abs);
    const tmp = join(dir, `.${basename(abs)}.${process.pid}.${++counter}.tmp`);
    try {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(tmp, data);
        fs.renameSync(tmp, abs);
    } catch (err) {
        try { fs.unlinkSync(tmp); } catch { /* never created */ }
        const existed = fs.existsSync(abs);
        throw new BakeFailure('io', `could not write ${rel}: ${describeIoError(err)}. ${existed ? 'The previous file is unchanged.' : 'Nothing was written.'}`, rel);
    }
}
