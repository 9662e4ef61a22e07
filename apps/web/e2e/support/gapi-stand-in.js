// A stand-in for Google's gapi loader (https://apis.google.com/js/api.js), served to the test
// browser only: the machines that run the end-to-end tests have no Internet, and Firebase's
// popup sign-in (against the Auth Emulator too) talks to its helper iframe through
// gapi.iframes. This implements just that channel (open, ping, register, send) over
// postMessage, queueing messages until their handler is registered, as gapi does.
;(function () {
  var TAG = '__gapiStandIn'
  var handlers = {}
  var waiting = {}
  var callbacks = {}
  var seq = 0
  var FILTER = function () {
    return true
  }

  function post(target, message) {
    message[TAG] = true
    target.postMessage(message, '*')
  }

  function deliver(source, message) {
    var handler = handlers[message.name]
    if (!handler) {
      ;(waiting[message.name] = waiting[message.name] || []).push([source, message])
      return
    }
    Promise.resolve(handler(message.payload)).then(function (result) {
      post(source, { kind: 'reply', id: message.id, payload: [result] })
    })
  }

  window.addEventListener('message', function (event) {
    var data = event.data
    if (!data || !data[TAG]) return
    if (data.kind === 'ping') post(event.source, { kind: 'pong', id: data.id })
    else if (data.kind === 'send') deliver(event.source, data)
    else if (data.kind === 'pong' || data.kind === 'reply') {
      var callback = callbacks[data.id]
      delete callbacks[data.id]
      if (callback) callback(data.payload)
    }
  })

  function Endpoint(targetWindow) {
    this.send = function (name, payload, callback) {
      var id = ++seq
      callbacks[id] = callback || function () {}
      post(targetWindow(), { kind: 'send', id: id, name: name, payload: payload })
    }
    this.register = function (name, handler) {
      handlers[name] = handler
      var queued = waiting[name] || []
      delete waiting[name]
      queued.forEach(function (entry) {
        deliver(entry[0], entry[1])
      })
    }
    this.ping = function (callback) {
      var id = ++seq
      return new Promise(function (resolve) {
        callbacks[id] = function () {
          if (callback) callback()
          resolve()
        }
        post(targetWindow(), { kind: 'ping', id: id })
      })
    }
    this.restyle = function () {}
  }

  var context = {
    // Answers what the ready callback answers, once the frame has loaded.
    open: function (options, ready) {
      return new Promise(function (resolve) {
        var frame = document.createElement('iframe')
        var style = (options.attributes && options.attributes.style) || {}
        Object.keys(style).forEach(function (key) {
          frame.style[key] = style[key]
        })
        frame.addEventListener('load', function () {
          var endpoint = new Endpoint(function () {
            return frame.contentWindow
          })
          resolve(ready ? ready(endpoint) : endpoint)
        })
        frame.src = options.url
        ;(options.where || document.body).appendChild(frame)
      })
    },
    getParentIframe: function () {
      return new Endpoint(function () {
        return window.parent
      })
    },
  }

  window.gapi = {
    load: function (_name, options) {
      setTimeout(typeof options === 'function' ? options : options.callback, 0)
    },
    iframes: { getContext: function () { return context }, CROSS_ORIGIN_IFRAMES_FILTER: FILTER },
  }

  var script = document.currentScript
  var onload = script && /[?&]onload=([\w$]+)/.exec(script.src)
  setTimeout(function () {
    if (onload && typeof window[onload[1]] === 'function') window[onload[1]]()
    else if (typeof window.gapi_onload === 'function') window.gapi_onload()
  }, 0)
})()
