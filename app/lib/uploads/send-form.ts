/** The JSON every upload endpoint answers with. */
export interface UploadResponse<T = unknown> {
  ok: boolean;
  status: number;
  /** A Korean message for the manager (success or what went wrong). */
  message?: string;
  fieldErrors?: Record<string, string>;
  /** Set when someone else saved a newer version first. */
  conflict?: boolean;
  data?: T;
}

/**
 * Posts a multipart form with upload progress (fetch cannot report upload progress; XHR can).
 * Resolves with the server's JSON answer for any HTTP status; rejects only when the network fails.
 */
export function sendForm<T = unknown>(
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<UploadResponse<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const body = (request.response ?? {}) as Partial<UploadResponse<T>>;
      resolve({
        ...body,
        ok: request.status >= 200 && request.status < 300 && body.ok !== false,
        status: request.status,
        message:
          body.message ??
          (request.status === 413
            ? "파일이 너무 큽니다."
            : request.status === 401
              ? "로그인이 필요한 서비스입니다. 다시 로그인해 주세요."
              : undefined),
      });
    });
    request.addEventListener("error", () =>
      reject(new Error("네트워크 오류로 보내지 못했습니다. 연결을 확인하고 다시 시도해 주세요.")),
    );
    request.addEventListener("abort", () => reject(new Error("보내기를 취소했습니다.")));
    request.send(form);
  });
}
