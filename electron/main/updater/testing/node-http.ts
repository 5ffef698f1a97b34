/**
 * electron-updater's HTTP client on Node's http and https, for tests in plain Node (the app uses
 * electron-updater's ElectronHttpExecutor on Electron's net). builder-util-runtime's
 * HttpExecutor does the requests, redirects and the SHA-512 check of a download; this adds what
 * the Electron one adds: making a request, and download(). No proxy: tests talk to loopback only.
 */
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';

export class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return (options.protocol === 'http:' ? httpRequest : httpsRequest)(options, callback);
  }

  /** As ElectronHttpExecutor.download: the file at `url` to `destination`, checked by `options.sha512`. */
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}
