// Lektionen zu Triangoli, auf Deutsch: the words of each lesson of the game's kit
// (crates/triangoli/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'setup',
      title: 'Das Brett und die Vorbereitung',
      steps: [
        {
          text: 'Das Brett hat 24 nummerierte Dreiecke, durch die dicken Linien je vier zu sechs Sektoren zusammengefasst, und 19 Kreuzungspunkte, auf denen die Figuren stehen. Spieler 1 stellt seine Figur zuerst auf einen beliebigen Kreuzungspunkt; die Mitte, c3, ist Ecke von sechs Dreiecken, einem in jedem Sektor.',
          goal: 'Stelle deine Figur auf c3.',
          hint: 'c3 liegt in der Mitte von Reihe 3, wo sich alle dicken Linien treffen.',
        },
        {
          text: 'Dann stellt Spieler 2 seine Figur auf einen anderen Kreuzungspunkt. Ein Dreieck grenzt an einen Kreuzungspunkt, wenn dieser eine seiner drei Ecken ist. Jeder Spieler hat außerdem 18 Zylinder neben dem Brett: seinen Vorrat.',
          goal: 'Stelle deine Figur auf eine Ecke von Dreieck 12.',
          hint: 'Dreieck 12 liegt am rechten Ende des Streifens zwischen den Reihen 2 und 3.',
        },
      ],
    },
    {
      id: 'moving',
      title: 'Die Figur ziehen',
      steps: [
        {
          text: 'Ein Zug hat drei Teile: ziehen, setzen, tauschen. Deine Figur zieht 1, 2 oder 3 Schritte geradeaus entlang der Linien, ohne abzubiegen und ohne das Brett zu verlassen; dann klicke ein leeres Dreieck neben ihr an, um deine Zylinder hineinzusetzen.',
          goal: 'Ziehe deine Figur von a1 drei Schritte weit, nach c4.',
          hint: 'Die Linien verlaufen entlang der Reihen und in zwei schrägen Richtungen: folge der Schräge von a1 nach oben.',
        },
        {
          text: 'Eine Figur darf die andere weder überspringen noch auf ihr enden, also kann deine Figur eine Linie sperren. Die gegnerische Figur auf a3 kann entlang Reihe 3 nach b3, c3 oder d3 ziehen.',
          goal: 'Ziehe so, dass die gegnerische Figur im nächsten Zug d3 nicht erreichen kann.',
          hint: 'Stell dich auf Reihe 3 zwischen a3 und d3; von c5 führt eine Schräge dorthin.',
        },
      ],
    },
    {
      id: 'placing',
      title: 'Zylinder setzen',
      steps: [
        {
          text: 'Nach dem Ziehen legst du genau so viele Zylinder aus deinem Vorrat, wie du Schritte gezogen bist, in ein leeres Dreieck neben deiner Figur. Ein Schritt setzt einen Zylinder, drei Schritte setzen drei, alle in dasselbe Dreieck.',
          goal: 'Setze drei Zylinder in Dreieck 14.',
          hint: 'Eine Ecke von Dreieck 14 liegt auf Reihe 3, drei Schritte von e3 entfernt.',
        },
        {
          text: 'Weiter, als dein Vorrat erlaubt, kannst du nicht ziehen: mit zwei Zylindern im Vorrat ist kein Zug über drei Schritte erlaubt. Und wo deine Figur auch endet, sie muss neben mindestens einem leeren Dreieck stehen.',
          goal: 'Setze deine letzten zwei Zylinder.',
          hint: 'Ziehe genau zwei Schritte.',
        },
      ],
    },
    {
      id: 'exchange',
      title: 'Tauschen',
      steps: [
        {
          text: 'Nach dem Setzen tauschst du gegnerische Zylinder neben deiner Figur gegen eigene, einen je gezogenem Schritt: jeder genommene geht in den Vorrat seines Besitzers zurück, und einer aus deinem Vorrat nimmt seinen Platz ein. Mehrere dürfen aus demselben Dreieck kommen.',
          goal: 'Tausche beide gegnerischen Zylinder in Dreieck 2.',
          hint: 'Du brauchst zwei Schritte und musst auf einer freien Ecke von Dreieck 2 enden.',
        },
        {
          text: 'Du tauschst so viele, wie du Schritte gezogen bist, aber nie mehr, als neben deiner Figur liegen: auf b3, drei Schritte entfernt, würdest du nur den Zylinder in Dreieck 8 tauschen. Die Zylinder dürfen aus verschiedenen Dreiecken kommen.',
          goal: 'Tausche die gegnerischen Zylinder in Dreieck 8 und in Dreieck 9.',
          hint: 'Suche einen freien Kreuzungspunkt, der Ecke beider Dreiecke ist.',
        },
        {
          text: 'Die Zylinder, die du beim Tauschen einsetzt, kommen aus dem, was nach dem Setzen in deinem Vorrat bleibt. Mit vier im Vorrat setzen drei Schritte drei und lassen einen zum Tauschen; zwei Schritte lassen zwei.',
          goal: 'Tausche zwei gegnerische Zylinder.',
          hint: 'In Dreieck 14 liegen zwei gegnerische Zylinder. Zieh nicht weiter als nötig, um es zu erreichen.',
        },
      ],
    },
    {
      id: 'sectors',
      title: 'Sektoren und Mehrheiten',
      steps: [
        {
          text: 'Bei Spielende zählt jeder Sektor für sich: nur wer dort mehr Zylinder hat, behält sie. Die Sektoren sind gegen den Uhrzeigersinn von oben rechts an mit 1 bis 6 nummeriert; Sektor 6 sind die Dreiecke 5, 10, 11 und 12, wo der Gegner einen Zylinder hat.',
          goal: 'Habe in Sektor 6 (Dreiecke 5, 10, 11, 12) mehr Zylinder als der Gegner.',
          hint: 'Ein Zylinder ergäbe nur Gleichstand. Zieh zwei Schritte auf eine Ecke eines Dreiecks von Sektor 6.',
        },
        {
          text: 'Liegen gegnerische Zylinder in mehreren Dreiecken neben deiner Figur, wählst du, welche du tauschst. Sektor 4 sind die Dreiecke 1, 6, 7 und 8; Sektor 3 die Dreiecke 13, 14, 15 und 20.',
          goal: 'Habe in Sektor 4 (Dreiecke 1, 6, 7, 8) mehr Zylinder als der Gegner.',
          hint: 'Setze in Sektor 4 und tausche auch in Sektor 4.',
        },
        {
          text: 'Jeder Tausch zählt in einem Sektor doppelt: der Gegner hat dort einen Zylinder weniger und du einen mehr. Ein Zug über drei Schritte setzt drei Zylinder und tauscht bis zu drei.',
          goal: 'Habe in Sektor 3 (Dreiecke 13, 14, 15, 20) mehr Zylinder als der Gegner.',
          hint: 'In Dreieck 20 liegen drei gegnerische Zylinder, und eine seiner Ecken ist drei Schritte von b1 entfernt.',
        },
        {
          text: 'Ein Zug kann zwei Sektoren ändern: setze in den einen und tausche im anderen. Sektor 5 sind die Dreiecke 2, 3, 4 und 9; Sektor 6 die Dreiecke 5, 10, 11 und 12.',
          goal: 'Habe sowohl in Sektor 5 als auch in Sektor 6 mehr Zylinder als der Gegner.',
          hint: 'Suche einen Kreuzungspunkt neben Dreieck 4, der auch an Sektor 6 grenzt.',
        },
      ],
    },
    {
      id: 'passing',
      title: 'Passen',
      steps: [
        {
          text: 'Wer keinen erlaubten Zug hat, muss passen; wer ziehen kann, darf nicht passen. Der Vorrat des Gegners ist leer, also kann er nicht ziehen, außer du gibst ihm Zylinder zurück: der Tausch ist Pflicht, sobald seine Zylinder neben dem Punkt liegen, an dem deine Figur endet.',
          goal: 'Lass den Gegner ohne Zug, sodass er passen muss.',
          hint: 'Ende neben einem leeren Dreieck, aber neben keinem gegnerischen Zylinder.',
        },
        {
          text: 'Eine Figur darf nur neben mindestens einem leeren Dreieck enden. Rund um a3 ist fast jedes Dreieck besetzt: die gegnerische Figur dort kann noch entlang Reihe 3 ziehen oder nach a2, neben das leere Dreieck 7.',
          goal: 'Lass den Gegner ohne Zug, sodass er passen muss.',
          hint: 'Beide Auswege müssen im selben Zug geschlossen werden: Reihe 3 und Dreieck 7.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'Das Spielende',
      steps: [
        {
          text: 'Das Spiel endet, wenn keiner mehr ziehen kann: wenn alle 24 Dreiecke besetzt sind, oder schon früher. Zylinder, die im Vorrat bleiben, zählen nicht. Die gegnerische Figur auf c1 kann nur nach b1, a1, c2, d2 oder e3 ziehen.',
          goal: 'Beende das Spiel mit diesem Zug.',
          hint: 'Stell dich der Figur auf c1 in den Weg und fülle das leere Dreieck, das sie noch erreichen könnte; auch dir darf kein Zylinder bleiben.',
        },
        {
          text: 'Der Vorrat des Gegners ist leer. Gibt ihm dein Zug keinen Zylinder zurück und lässt er auch dich ohne Zug, endet das Spiel sofort – und Sektor für Sektor gezählt liegst du vorn, 14 Zylinder zu 13.',
          goal: 'Beende das Spiel jetzt, als Sieger.',
          hint: 'Tausche nichts: ende dort, wo kein gegnerischer Zylinder neben deiner Figur liegt.',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Die Wertung',
      steps: [
        {
          text: 'Nur Dreieck 20 ist noch leer, also beendet jeder Zug, der es füllt, das Spiel. Dann wird Sektor für Sektor gewertet: wer mehr Zylinder hat, behält sie, die des anderen werden entfernt; bei Gleichstand werden alle entfernt. Wer mehr Zylinder behält, gewinnt.',
          goal: 'Fülle Dreieck 20 und gewinne.',
          hint: 'Zähle Sektor 3 (Dreiecke 13, 14, 15, 20): ein Gleichstand dort würde auch deine Zylinder entfernen.',
        },
        {
          text: 'Ein Gleichstand entfernt die Zylinder beider Spieler aus einem Sektor; wer einen Sektor ausgleicht, in dem der Gegner führt, nimmt dessen Zylinder aus der Zählung. Jeder Zug hier beendet das Spiel.',
          goal: 'Beende das Spiel als Sieger.',
          hint: 'Schau auf Sektor 2 (Dreiecke 16, 21, 22, 23): der Gegner hat dort drei Zylinder und du keinen.',
        },
        {
          text: 'Behalten beide gleich viele Zylinder, gewinnt, wer mehr Sektoren gewonnen hat; einen Sektor mit Gleichstand oder einen leeren gewinnt niemand. Ist auch das gleich, endet das Spiel unentschieden.',
          goal: 'Gewinne nach Sektoren mit deinem letzten Zylinder, der das Spiel beendet.',
          hint: 'Die Sektoren 5 und 6 stehen beide 3:3. Entscheide den Gleichstand, den du erreichst.',
        },
      ],
    },
  ],
};
