// The page arrives drawn by the server; its code is fetched after the first paint, so that on
// a slow connection the text and the first images get the bandwidth before the scripts
// (docs/decisions/007). Hydration follows as soon as the code is there.
import './styles/app.scss'

function start() {
  void import('./main.tsx')
}

requestAnimationFrame(() => setTimeout(start, 0))
