import fs from 'fs/promises';
import { withoutContentApiRoutes, type PluginServer } from '../../utils/allow-list';
import { uploadRefusal } from '../../utils/uploads';
import { invalidField } from '../../utils/api-error';

interface IncomingFile {
  filepath?: string;
  originalFilename?: string;
  name?: string;
  mimetype?: string;
}

/** The upload service's two ways in, as this extension wraps them. */
interface UploadService {
  upload(input: { files?: IncomingFile | IncomingFile[] } | undefined, options?: unknown): Promise<unknown>;
  replace(id: unknown, input: { file?: IncomingFile } | undefined, options?: unknown): Promise<unknown>;
}

/** The first bytes of an incoming file (enough for every media signature). */
async function headOf(filepath: string): Promise<Buffer> {
  const file = await fs.open(filepath, 'r');
  try {
    const head = Buffer.alloc(32);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Refuses the whole request when any file is not a media file by its bytes, name and declared type. */
async function assertMedia(files: IncomingFile | IncomingFile[] | undefined) {
  for (const file of ([] as IncomingFile[]).concat(files ?? [])) {
    const name = file.originalFilename ?? file.name ?? '';
    const head = file.filepath ? await headOf(file.filepath) : Buffer.alloc(0);
    const refusal = uploadRefusal(head, name, file.mimetype);
    if (refusal) throw invalidField('files', refusal);
  }
}

// The upload plugin's stock /api routes are not used by the site: switched off (utils/allow-list).
// Every way a file enters the media library (the panel's upload and replace, the seed) goes through
// the upload service, where each file's own bytes are checked: an HTML or SVG page served from this
// origin would run as the site.
export default (plugin: PluginServer) => {
  const createService = plugin.services.upload;
  plugin.services.upload = (context) => {
    const service = createService(context) as UploadService;
    const checked: UploadService = {
      async upload(input, options) {
        await assertMedia(input?.files);
        return service.upload(input, options);
      },
      async replace(id, input, options) {
        await assertMedia(input?.file);
        return service.replace(id, input, options);
      },
    };
    return { ...service, ...checked };
  };
  return withoutContentApiRoutes(plugin);
};
