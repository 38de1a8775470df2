/** Strings of the video players. */
export default {
  video: {
    live: '直播',
    connecting: '正在连接视频流…',
    attempt: '第 {{attempt}} 次重试',
    buffering: '缓冲中…',
    noSignal: '无信号',
    noAddress: '未配置视频流地址',
    reasons: {
      unreachable: '视频流地址无法访问或没有数据',
      stalled: '视频流中断，长时间没有新画面',
      media: '收到的数据无法解码',
      browser: '当前浏览器不支持该视频格式的播放',
    },
    unsupported: '浏览器无法直接播放此地址',
    unsupportedScheme:
      '{{scheme}} 视频流需要媒体服务器转为 HLS（.m3u8）或 HTTP-FLV（.flv）后才能在网页中播放',
    unknownFormat: '地址既不是 HLS（.m3u8）也不是 FLV（.flv）视频流',
    invalid: '不是有效的视频流地址',
    retry: '重试',
    autoRetry: '每 {{seconds}} 秒自动重试',
    address: '地址',
  },
};
