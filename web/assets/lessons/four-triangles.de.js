// Lessons of Four Triangles, in German: the words of each lesson of the game's kit
// (crates/four-triangles/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'opening',
      title: 'Das Brett und die erste Einzelfigur',
      steps: [
        {
          text: 'Das Brett besteht aus vier getrennten Dreiecken: T oben, L links unten, R rechts unten und C, auf dem Kopf stehend, in der Mitte. Jedes hat 7 Punkte: die Eckpunkte X1–X3, die Lotpunkte X4–X6 in der Mitte der Seiten und den Mittelpunkt X0. Das Spiel beginnt mit einer Aktion, die nur dann erlaubt ist: Spieler 1 setzt eine Einzelfigur, eine Figur aus einem Stein, auf einen beliebigen Punkt.',
          goal: 'Setze die erste Einzelfigur auf einen Mittelpunkt.',
          hint: 'Mittelpunkte enden auf 0: T0, L0, R0 und C0.',
        },
        {
          text: 'Die drei Ecken des großen Dreiecks — T1 oben, L2 links unten und R3 rechts unten — sind die großen Ecken. In der vollen Version verbinden Übergänge sie mit fernen Teilen des Bretts.',
          goal: 'Setze die erste Einzelfigur auf eine große Ecke.',
          hint: 'Schau auf die drei äußeren Spitzen des Bretts.',
        },
        {
          text: 'Wo zwei äußere Dreiecke auf C treffen, liegen drei Eckpunkte beisammen: eine Konstellation. Links: T2, L1, C3; rechts: T3, R1, C2; unten: L3, R2, C1. Es sind getrennte Punkte, nie Nachbarn auf einer Linie, doch in der vollen Version verbinden Übergänge jeden mit den anderen Konstellationen.',
          goal: 'Setze die erste Einzelfigur auf einen Punkt einer Konstellation.',
          hint: 'Schau, wo die Ecken von C die äußeren Dreiecke berühren.',
        },
      ],
    },
    {
      id: 'bringing-in',
      title: 'Zwei Einzelfiguren einbringen',
      steps: [
        {
          text: 'Ab dem zweiten Zug ist ein Zug eine Aktion deiner Wahl. Eine davon: zwei neue Einzelfiguren auf zwei leere Punkte einbringen, die weder Mittelpunkte sind noch auf C liegen. Das kostet 2 Steine aus dem gemeinsamen Vorrat (11 Steine bei 2 oder 3 Spielern, 15 bei 4) und 2 deiner 9 Marker: Eine Figur ist ein Stapel Steine unter dem Marker ihres Besitzers.',
          goal: 'Bring zwei Einzelfiguren ein, mindestens eine neben der Einzelfigur von Spieler 1 auf T4.',
          hint: 'Auf der Seite T2 T4 T3 hat T4 zwei Nachbarn; T0 ist ein Mittelpunkt und für neue Einzelfiguren gesperrt.',
        },
        {
          text: 'Du hältst den Mittelpunkt T0. Der Mittelpunkt eines Dreiecks zusammen mit seinen drei Lotpunkten gewinnt das Spiel, also lohnt es sich, Lotpunkte zu besetzen. Die zwei neuen Einzelfiguren dürfen auch weit auseinander stehen.',
          goal: 'Bring zwei Einzelfiguren auf Lotpunkte von T ein.',
          hint: 'Die Lotpunkte von T sind T4, T5 und T6.',
        },
      ],
    },
    {
      id: 'singles',
      title: 'Eine Einzelfigur ziehen',
      steps: [
        {
          text: 'Eine weitere Aktion ist, eine Figur zu ziehen. Eine Einzelfigur zieht auf einen Nachbarpunkt: den nächsten Punkt auf einer Linie ihres Dreiecks, den drei Seiten und den drei Loten (jedes von einem Eckpunkt über den Mittelpunkt zu einem Lotpunkt). Die Übergänge der vollen Version machen weitere Nachbarn; sie kommen später.',
          goal: 'Zieh deine Einzelfigur von T4 auf den Mittelpunkt T0.',
          hint: 'T4, T0 und T1 liegen auf einem Lot.',
        },
        {
          text: 'Ein Lotpunkt hat nur drei Nachbarn: die beiden Eckpunkte seiner Seite und den Mittelpunkt. Zwei Lotpunkte sind nie Nachbarn, denn keine Linie verbindet sie direkt.',
          goal: 'Zieh deine Einzelfigur von T5 auf die Seite T1 T6 T2.',
          hint: 'Welche Nachbarn hat T5? Einer davon ist ein Eckpunkt dieser Seite.',
        },
      ],
    },
    {
      id: 'capturing',
      title: 'Schlagen',
      steps: [
        {
          text: 'Eine Figur, die auf einer anderen Figur landet, schlägt sie: Der Marker der geschlagenen Figur geht an ihren Besitzer zurück, ihre Steine kommen auf den Stapel des Ziehenden. Eine Einzelfigur, die eine Einzelfigur schlägt, wird zur Doppelfigur.',
          goal: 'Schlag die Einzelfigur von Spieler 2 mit deiner.',
          hint: 'T2 ist ein Nachbar von T4 auf der Seite T2 T4 T3.',
        },
        {
          text: 'Jede Figur kann geschlagen werden, auch eine eigene: So wachsen Figuren. Eine Doppelfigur, die eine Einzelfigur schlägt, oder eine Einzelfigur, die eine Doppelfigur schlägt, wird zur Dreifachfigur: 3 Steine, mehr hat keine Figur.',
          goal: 'Bilde eine Dreifachfigur.',
          hint: 'Deine Doppelfigur auf T2 und deine Einzelfigur auf T4 sind Nachbarn.',
        },
        {
          text: 'Ergibt ein Schlag mehr als 3 Steine, gehen 3 davon in den Vorrat zurück. Eine Doppelfigur, die eine Doppelfigur schlägt, ergibt 4 Steine: Eine Einzelfigur bleibt, und der Vorrat bekommt 3 Steine zurück.',
          goal: 'Schlag die Doppelfigur von Spieler 2.',
          hint: 'T6 liegt neben T2 auf der Seite T2 T6 T1.',
        },
      ],
    },
    {
      id: 'doubles',
      title: 'Eine Doppelfigur ziehen',
      steps: [
        {
          text: 'Eine Doppelfigur zieht auf einen Nachbarpunkt oder beliebig weit geradeaus. Sie hält auf einem leeren Punkt ihrer Wahl oder auf der ersten Figur, auf die sie trifft, und schlägt diese; über eine Figur hinweg zieht sie nie.',
          goal: 'Schlag mit deiner Doppelfigur die Einzelfigur von Spieler 2 auf T1.',
          hint: 'T4, T0 und T1 liegen auf einem Lot, und T0 ist leer.',
        },
        {
          text: 'Jetzt sperrt die Einzelfigur von Spieler 2 auf T0 dieses Lot: Deine Doppelfigur auf T4 könnte sie schlagen, aber nicht an ihr vorbei nach T1 ziehen. Deine andere Doppelfigur hat freie Bahn.',
          goal: 'Schlag die Einzelfigur von Spieler 2 auf T1.',
          hint: 'Schau entlang der Seite T2 T6 T1.',
        },
      ],
    },
    {
      id: 'triples',
      title: 'Eine Dreifachfigur ziehen',
      steps: [
        {
          text: 'Eine Dreifachfigur zieht auf einen Nachbarpunkt oder springt von einem Mittelpunkt zum Mittelpunkt eines anderen Dreiecks oder zu einer großen Ecke. Ein Sprung geht über alles hinweg und gilt in beiden Versionen des Spiels.',
          goal: 'Zieh deine Dreifachfigur auf den Mittelpunkt von C.',
          hint: 'Deine Dreifachfigur steht auf dem Mittelpunkt T0.',
        },
        {
          text: 'Ein Sprung schlägt wie jeder andere Zug. Eine Dreifachfigur, die eine Doppelfigur schlägt, ergibt 5 Steine: 3 gehen in den Vorrat zurück, eine Doppelfigur bleibt.',
          goal: 'Schlag die Doppelfigur von Spieler 2 auf der großen Ecke R3.',
          hint: 'Von T0 ist jede große Ecke einen Sprung entfernt.',
        },
      ],
    },
    {
      id: 'warps',
      title: 'Übergänge und die einfache Version',
      steps: [
        {
          text: 'Die volle Version, die Standardversion, hat Übergänge, die weitere Nachbarn machen. Ein Konstellationspunkt ist Nachbar der sechs Punkte der beiden anderen Konstellationen und der großen Ecke gegenüber seiner Konstellation. Das Brett zeigt die Übergangspunkte mit Ringen.',
          goal: 'Zieh deine Einzelfigur von T2 ins Dreieck R.',
          hint: 'T2 gehört zur linken Konstellation: Schau auf die rechte, die untere und die gegenüberliegende große Ecke.',
        },
        {
          text: 'Eine große Ecke ist Nachbar der beiden anderen großen Ecken und der drei Punkte der gegenüberliegenden Konstellation: T1 liegt der unteren Konstellation gegenüber, L2 der rechten, R3 der linken.',
          goal: 'Schlag die Einzelfigur von Spieler 2 auf L2.',
          hint: 'T1 und L2 sind beide große Ecken.',
        },
        {
          text: 'Eine Gerade, die an einer großen Ecke endet, geht in derselben Richtung an der C-Ecke der gegenüberliegenden Konstellation weiter: T1–C1, L2–C2, R3–C3, auf dem Brett mit ⇄ markiert. So setzt sich das Lot T4 T0 T1 als C1 C0 C4 fort, eine Gerade für eine Doppelfigur.',
          goal: 'Zieh deine Doppelfigur von T4 nach C0.',
          hint: 'Folge T4, T0, T1, dann C1: Jeder Punkt auf dem Weg ist leer.',
        },
        {
          text: 'Die einfache Version hat keinerlei Übergänge, Einzel- und Doppelfiguren verlassen ihr Dreieck also nie. Nur die Sprünge der Dreifachfigur, die es in beiden Versionen gibt, führen von einem Dreieck ins andere.',
          goal: 'Bring eine deiner Figuren ins Dreieck C.',
          hint: 'Deine Einzelfiguren auf T1 und T2 kommen nicht aus T heraus; die Dreifachfigur auf T0 schon.',
        },
      ],
    },
    {
      id: 'splitting',
      title: 'Teilen',
      steps: [
        {
          text: 'Eine Doppelfigur kann sich in zwei Einzelfiguren teilen, eine Dreifachfigur in eine Doppel- und eine Einzelfigur oder in drei Einzelfiguren. Die neuen Figuren kommen auf leere Punkte, auf die die Figur hätte ziehen können, und ihr eigener Punkt wird leer. Jede neue Figur nach der ersten braucht einen deiner Marker.',
          goal: 'Teile deine Doppelfigur so, dass deine Einzelfiguren T5 und T6 besetzen.',
          hint: 'T5 und T6 sind beide Nachbarn von T1.',
        },
        {
          text: 'Eine Dreifachfigur kann sich in eine Doppel- und eine Einzelfigur teilen. Ihre Teile dürfen die Sprünge der Dreifachfigur nutzen. In der Notation wird der Punkt der Doppelfigur mit :2 markiert, etwa T0/C0:2,R0; auf dem Brett klickst du den Punkt der Doppelfigur zweimal an, zuerst.',
          goal: 'Teile deine Dreifachfigur in eine Doppel- und eine Einzelfigur auf zwei leeren Mittelpunkten.',
          hint: 'L0 hält Spieler 2; R0 und C0 sind leer und einen Sprung von T0 entfernt.',
        },
        {
          text: 'Eine Dreifachfigur in drei Einzelfiguren zu teilen kostet zwei Marker und stellt drei Figuren auf einmal hin. Hier gewinnt es: der Mittelpunkt und die drei Lotpunkte eines Dreiecks.',
          goal: 'Gewinne, indem du deine Dreifachfigur teilst.',
          hint: 'T4 hältst du schon; T0, T5 und T6 sind alle Nachbarn von T1.',
        },
      ],
    },
    {
      id: 'turning',
      title: 'Ein Dreieck drehen',
      steps: [
        {
          text: 'Eine Aktion kann ein Dreieck um 120° drehen, mit allen Figuren darauf, egal wessen. RT+ dreht T gegen den Uhrzeigersinn (Eckpunkt 1 auf 2, 2 auf 3, 3 auf 1), RT- im Uhrzeigersinn; der Mittelpunkt bleibt, wo er ist. Eine Drehung, nach der das Brett unverändert wäre, ist nicht erlaubt.',
          goal: 'Bring deine Einzelfigur von T1 auf den Eckpunkt T3.',
          hint: 'T3 ist kein Nachbar von T1. In welche Richtung muss T sich drehen?',
        },
        {
          text: 'Spieler 2 hat eben das Dreieck L gedreht. War der Zug direkt davor eine Drehung, darf jetzt niemand ein Dreieck drehen.',
          goal: 'Bring eine deiner Einzelfiguren auf T3.',
          hint: 'T zu drehen ist jetzt nicht erlaubt, aber T4 und T3 liegen auf einer Seite.',
        },
        {
          text: 'Dein eigener vorheriger Zug war eine Drehung von T, die deine Einzelfigur von T1 nach T2 brachte. Niemand darf in zwei eigenen Zügen hintereinander drehen, auch wenn der Zug direkt davor keine Drehung war.',
          goal: 'Bring deine Einzelfigur auf T3.',
          hint: 'T2 und T3 gehören zu zwei verschiedenen Konstellationen.',
        },
      ],
    },
    {
      id: 'winning',
      title: 'Gewinnen',
      steps: [
        {
          text: 'Nach jedem Zug gewinnt, wer alle vier Mittelpunkte hält: T0, L0, R0 und C0.',
          goal: 'Besetze den vierten Mittelpunkt und gewinne.',
          hint: 'Deine Einzelfigur auf C2 ist Nachbar von C0.',
        },
        {
          text: 'Es gewinnt auch, wer den Mittelpunkt und die drei Lotpunkte eines Dreiecks hält. Jede Aktion, die sie vervollständigt, gewinnt, auch das Einbringen.',
          goal: 'Vervollständige das Dreieck R und gewinne.',
          hint: 'Es fehlt der Lotpunkt R6.',
        },
        {
          text: 'Wer Figuren auf dem Brett hatte und keine mehr hat, scheidet aus. Sind alle anderen ausgeschieden, gewinnt der Letzte. Spieler 2 hat noch eine Figur.',
          goal: 'Schlag die letzte Figur von Spieler 2 und gewinne.',
          hint: 'L3 gehört zur unteren Konstellation, deine Doppelfigur auf T2 zur linken.',
        },
      ],
    },
    {
      id: 'more-players',
      title: 'Drei und vier Spieler',
      steps: [
        {
          text: 'Zwei bis vier können spielen; bei vier hat der Vorrat 15 Steine. Wer ausgeschieden ist, wird von da an in der Zugreihenfolge übersprungen, die anderen spielen weiter. Spieler 4 hat noch eine Einzelfigur, auf T0.',
          goal: 'Lass Spieler 4 ausscheiden.',
          hint: 'Deine Doppelfigur auf T2 ist Nachbar von T0.',
        },
        {
          text: 'Spieler 2 ist ausgeschieden, also bist du nach Spieler 3 gleich wieder am Zug. Schlag die letzte Figur von Spieler 3, und du bist als Letzter übrig.',
          goal: 'Gewinne als letzter übriger Spieler.',
          hint: 'Deine Dreifachfigur steht auf der großen Ecke L2; R1 gehört zur rechten Konstellation, L2 gegenüber.',
        },
      ],
    },
    {
      id: 'draws',
      title: 'Unentschieden',
      steps: [
        {
          text: 'Das Spiel endet unentschieden, wenn eine Stellung zum dritten Mal entsteht: dieselben Figuren auf denselben Punkten, derselbe Spieler am Zug, dieselben Drehsperren und dieselben ausgeschiedenen Spieler. Hier sind die Einzelfiguren beider Spieler zweimal hin und her gezogen.',
          goal: 'Erreiche ein Unentschieden durch die dritte Wiederholung der Stellung.',
          hint: 'Zieh deine Einzelfigur dorthin zurück, woher sie kam.',
        },
        {
          text: 'Unentschieden ist es auch, wenn der 300. Zug vorbei ist; jeder Zug zählt, auch das Setzen der ersten Einzelfigur und das Passen (wer keine erlaubte Aktion hat, passt). Ein Sieg in diesem Zug geht dem Unentschieden vor. 299 Züge sind gespielt, und Spieler 1 hat noch eine Figur, die Dreifachfigur auf L0.',
          goal: 'Gewinne im 300. Zug.',
          hint: 'Deine Einzelfigur auf L5 ist Nachbar von L0.',
        },
      ],
    },
  ],
};
