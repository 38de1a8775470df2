import type zhCN from './locale.zh-CN';

export default {
  video: {
    live: 'LIVE',
    connecting: 'Connecting to the stream…',
    attempt: 'retry {{attempt}}',
    buffering: 'Buffering…',
    noSignal: 'No signal',
    noAddress: 'no stream address is configured',
    reasons: {
      unreachable: 'the stream address cannot be reached or sends nothing',
      stalled: 'the stream stopped: no new picture for a while',
      media: 'the data received cannot be decoded',
      browser: 'this browser cannot play this stream format',
    },
    unsupported: 'A browser cannot play this address directly',
    unsupportedScheme:
      '{{scheme}} streams must be re-published by a media server as HLS (.m3u8) or HTTP-FLV (.flv) to play in a web page',
    unknownFormat: 'the address is neither an HLS (.m3u8) nor an FLV (.flv) stream',
    invalid: 'not a valid stream address',
    retry: 'Retry',
    autoRetry: 'retrying by itself every {{seconds}} s',
    address: 'Address',
  },
} satisfies typeof zhCN;
