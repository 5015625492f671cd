import type { WriteResult } from "#shared/write-result.ts";

const SIGN_IN_AGAIN = "로그인이 필요한 서비스입니다. 다시 로그인해 주세요.";

/**
 * Posts a form, or one file as the body itself (typed by the Blob), with upload progress (fetch
 * cannot report upload progress; XHR can). Resolves
 * with the server's answer for any HTTP status, with a Korean message even when the server sent
 * none; rejects only when the network fails.
 */
export function sendForm<T = unknown>(
  url: string,
  form: FormData | Blob,
  onProgress?: (percent: number) => void,
): Promise<WriteResult<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const body = (request.response ?? {}) as Partial<WriteResult<T>>;
      const ok = request.status >= 200 && request.status < 300 && body.ok !== false;
      resolve({
        ...body,
        ok,
        status: request.status,
        message:
          body.message ??
          (request.status === 413
            ? "파일이 너무 큽니다."
            : request.status === 401
              ? SIGN_IN_AGAIN
              : ok
                ? "저장했습니다."
                : "저장하지 못했습니다."),
      });
    });
    request.addEventListener("error", () =>
      reject(new Error("네트워크 오류로 보내지 못했습니다. 연결을 확인하고 다시 시도해 주세요.")),
    );
    request.addEventListener("abort", () => reject(new Error("보내기를 취소했습니다.")));
    request.send(form);
  });
}
